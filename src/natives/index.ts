/// <reference path="../../node_modules/@citizenfx/server/natives_server.d.ts" />
/**
 * The ground floor: the one place that touches FXServer's globals. Everything above reaches them
 * one way, through a `Natives` object: `natives` (this resource's globals) in the bundle, another
 * made by `bindNatives` over a test host's globals, or a fake (devkit/fake-natives.ts) in the unit
 * tests. The natives are typed by @citizenfx/server's declarations; our own narrower types stand
 * only where those are wrong or too loose (each says why), written from docs/platform.md (Part 1).
 * Its index.d.ts (exports, on) is not referenced: it declares a global `exports` that clashes with
 * Node's CommonJS typing. Everything goes through the globals object: the bundle is an iife, and
 * a free `exports(...)` inside it would be taken for CommonJS by esbuild.
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

export type Listener = (...args: never[]) => unknown;
export type AnyFunction = (...args: unknown[]) => unknown;

/** The FXServer globals used, as a script resource sees them. */
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

/** What the resource uses of FXServer. */
export interface Natives {
  setHttpHandler(handler: (request: FxHttpRequest, response: FxHttpResponse) => void): void;
  registerExport(name: string, fn: (...args: never[]) => unknown): void;
  /**
   * `exports[resource][name]`, resolved at each call as FXServer resolves exports at property
   * access. Throws `No such export …` when the resource or export is missing.
   */
  resourceExport(resource: string, name: string): AnyFunction;
  onEvent(event: string, listener: Listener): void;
  emitEvent(event: string, ...args: unknown[]): void;
  /** `source` inside an event handler: the player that caused it (playerDropped's leaving player). */
  eventSource(): unknown;
  /** A convar's value, or '' when it is not set. */
  getConvar(name: string): string;
  currentResourceName(): string;
  /** `started`, `stopped`, `missing`, … */
  resourceState(resource: string): string;
  /** The `version` of a resource's manifest (this one by default), or '' when it has none. */
  resourceVersion(resource?: string): string;
  /** Server ids of the connected players, as strings. */
  connectedPlayers(): string[];
  /** The player's ped, 0 while he has none. Server-side entity natives need OneSync. */
  playerPed(serverId: number): number;
  /** `[x, y, z]` of an entity. */
  entityCoords(entity: number): unknown;
  entityHealth(entity: number): number;
  pedArmour(ped: number): number;
  /** A state bag's value, e.g. bag `player:<source>`; null when it has none. */
  stateBagValue(bag: string, key: string): unknown;
  /**
   * A file of a resource, decoded as UTF-8, or null when it is missing or outside the resource's folder
   * (LOAD_RESOURCE_FILE, citizenfx/fivem@0190684:code/components/citizen-scripting-core/src/MetadataScriptFunctions.cpp).
   */
  loadResourceFile(resource: string, file: string): string | null;
  /**
   * Writes a file in a resource's folder (this one's: writing elsewhere needs a permission), whole:
   * true when written (SAVE_RESOURCE_FILE, same file as above). The length the native takes counts
   * bytes of the UTF-8 it writes; -1 asks it to measure the text itself (up to its first NUL, which
   * JSON text never holds), where a JS `length` would count UTF-16 units and cut a text with accents short.
   */
  saveResourceFile(resource: string, file: string, data: string): boolean;
}

/** The natives of a script resource whose globals are `globals` (this one's: globalThis). */
export function bindNatives(globals: object): Natives {
  const fx = globals as FxGlobals;
  const currentResourceName = () => fx.GetCurrentResourceName();
  return {
    setHttpHandler: (handler) => fx.SetHttpHandler(handler),
    registerExport: (name, fn) => fx.exports(name, fn),
    resourceExport: (resource, name) => fx.exports[resource][name],
    onEvent: (event, listener) => fx.on(event, listener),
    emitEvent: (event, ...args) => fx.emit(event, ...args),
    eventSource: () => fx.source,
    getConvar: (name) => fx.GetConvar(name, ''),
    currentResourceName,
    resourceState: (resource) => fx.GetResourceState(resource),
    resourceVersion: (resource = currentResourceName()) => fx.GetResourceMetadata(resource, 'version', 0) ?? '',
    connectedPlayers: () => fx.getPlayers(),
    playerPed: (serverId) => fx.GetPlayerPed(String(serverId)),
    entityCoords: (entity) => fx.GetEntityCoords(entity),
    entityHealth: (entity) => fx.GetEntityHealth(entity),
    pedArmour: (ped) => fx.GetPedArmour(ped),
    stateBagValue: (bag, key) => fx.GetStateBagValue(bag, key),
    loadResourceFile: (resource, file) => fx.LoadResourceFile(resource, file),
    saveResourceFile: (resource, file, data) => fx.SaveResourceFile(resource, file, data, -1) === true,
  };
}

/** This resource's natives. */
export const natives: Natives = bindNatives(globalThis);
