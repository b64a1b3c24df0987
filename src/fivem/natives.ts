/// <reference path="../../node_modules/@citizenfx/server/natives_server.d.ts" />
/**
 * The one place that touches FXServer's globals. The natives are typed by @citizenfx/server's
 * declarations; our own narrower types stand only where those are wrong or too loose (each says
 * why), written from docs/platform.md (Part 1). Its index.d.ts (exports, on) is not referenced: it
 * declares a global `exports` that clashes with Node's CommonJS typing. Everything goes through
 * globalThis: the bundle is an iife, and a free `exports(...)` inside it would be taken for
 * CommonJS by esbuild.
 */

/** What SetHttpHandler's callback receives as `request` (docs/platform.md#the-request-object). */
export interface FxHttpRequest {
  /** `ip:port`, or `[ipv6]:port`: the TCP peer. */
  address: string;
  /** Header names exactly as the client spelled them; the first of a repeated name wins. */
  headers: Record<string, string>;
  method: string;
  /** Raw: resource prefix stripped, query string kept, nothing percent-decoded. */
  path: string;
  setDataHandler(cb: (body: string) => void): void;
  setCancelHandler(cb: () => void): void;
}

/** What SetHttpHandler's callback receives as `response` (docs/platform.md#the-response-object). */
export interface FxHttpResponse {
  /** Header values must be strings; the first call wins, later ones are ignored. */
  writeHead(status: number, headers: Record<string, string>): void;
  write(data: string): void;
  /** Ends the response. A bare send() before any head leaves the client hanging. */
  send(data?: string): void;
}

type Listener = (...args: never[]) => unknown;
type AnyFunction = (...args: unknown[]) => unknown;

interface FxGlobals {
  /** Own type: @citizenfx/server declares `handler: Function`, which types neither argument. */
  SetHttpHandler(handler: (request: FxHttpRequest, response: FxHttpResponse) => void): void;
  /** Own type: the callable `exports` object (docs/platform.md#exports). */
  exports: ((name: string, fn: (...args: never[]) => unknown) => void) & Record<string, Record<string, AnyFunction>>;
  on(event: string, listener: Listener): void;
  /** TriggerEvent: every listener of every resource, synchronously. */
  emit(event: string, ...args: unknown[]): void;
  /** The player who sent the event being handled (FXServer sets it for each handler call). */
  source: unknown;
  /** The server ids of the connected players, as strings (FXServer's JS runtime helper). */
  getPlayers(): string[];
  GetConvar: typeof GetConvar;
  GetCurrentResourceName: typeof GetCurrentResourceName;
  GetResourceState: typeof GetResourceState;
  GetPlayerPed: typeof GetPlayerPed;
  GetEntityCoords: typeof GetEntityCoords;
  GetEntityHealth: typeof GetEntityHealth;
  GetPedArmour: typeof GetPedArmour;
  GetStateBagValue: typeof GetStateBagValue;
  /** Own type: @citizenfx/server says `string`, but a key the manifest lacks gives null. */
  GetResourceMetadata(resource: string, key: string, index: number): string | null;
  /** Own type: @citizenfx/server says `string`, but a missing file gives null. */
  LoadResourceFile(resource: string, file: string): string | null;
  /** Own type: null (unknown resource, no write permission) or false (not created) besides true. */
  SaveResourceFile(resource: string, file: string, data: string, length: number): boolean | null;
}

const fx = globalThis as unknown as FxGlobals;

export function setHttpHandler(handler: (request: FxHttpRequest, response: FxHttpResponse) => void): void {
  fx.SetHttpHandler(handler);
}

export function registerExport(name: string, fn: (...args: never[]) => unknown): void {
  fx.exports(name, fn);
}

/**
 * `exports[resource][name]`, resolved at each call as FXServer resolves exports at property
 * access. Throws `No such export …` when the resource or export is missing.
 */
export function resourceExport(resource: string, name: string): AnyFunction {
  return fx.exports[resource][name];
}

export function onEvent(event: string, listener: Listener): void {
  fx.on(event, listener);
}

/** A convar's value, or '' when it is not set. */
export function getConvar(name: string): string {
  return fx.GetConvar(name, '');
}

export function currentResourceName(): string {
  return fx.GetCurrentResourceName();
}

export function resourceState(resource: string): string {
  return fx.GetResourceState(resource);
}

/** The `version` of a resource's manifest (this one by default), or '' when it has none. */
export function resourceVersion(resource: string = currentResourceName()): string {
  return fx.GetResourceMetadata(resource, 'version', 0) ?? '';
}

export function emitEvent(event: string, ...args: unknown[]): void {
  fx.emit(event, ...args);
}

/** `source` inside an event handler: the player that caused it (playerDropped's leaving player). */
export function eventSource(): unknown {
  return fx.source;
}

export function connectedPlayers(): string[] {
  return fx.getPlayers();
}

/** The player's ped, 0 while he has none. Server-side entity natives need OneSync. */
export function playerPed(serverId: number): number {
  return fx.GetPlayerPed(String(serverId));
}

/** `[x, y, z]` of an entity. */
export function entityCoords(entity: number): unknown {
  return fx.GetEntityCoords(entity);
}

export function entityHealth(entity: number): number {
  return fx.GetEntityHealth(entity);
}

export function pedArmour(ped: number): number {
  return fx.GetPedArmour(ped);
}

/** A state bag's value, e.g. bag `player:<source>`; null when it has none. */
export function stateBagValue(bag: string, key: string): unknown {
  return fx.GetStateBagValue(bag, key);
}

/**
 * A file of a resource, decoded as UTF-8, or null when it is missing or outside the resource's folder
 * (LOAD_RESOURCE_FILE, citizenfx/fivem@0190684:code/components/citizen-scripting-core/src/MetadataScriptFunctions.cpp).
 */
export function loadResourceFile(resource: string, file: string): string | null {
  return fx.LoadResourceFile(resource, file);
}

/**
 * Writes a file in a resource's folder (this one's: writing elsewhere needs a permission), whole:
 * true when written (SAVE_RESOURCE_FILE, citizenfx/fivem@0190684, same file as above). The length
 * the native takes counts bytes of the UTF-8 it writes; -1 asks it to measure the text itself (up
 * to its first NUL, which JSON text never holds), where a JS `length` would count UTF-16 units and
 * cut a text with accents short.
 */
export function saveResourceFile(resource: string, file: string, data: string): boolean {
  return fx.SaveResourceFile(resource, file, data, -1) === true;
}
