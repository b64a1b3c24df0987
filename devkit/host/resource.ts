/**
 * One emulated resource: its global scope (a `vm` context for script resources, the host's own
 * realm for stand-ins written as plain modules), event listeners, exports, timers and HTTP handler.
 */
import vm from 'node:vm';
import type { RealmUnpacker } from './realm-unpacker';
import type { CfxTimers } from './cfx-timers';
import type { Manifest } from './manifest';
import { ExtBuffer } from './boundary-codec';

export type ResourceState = 'started' | 'starting' | 'stopped' | 'stopping';

/** The intrinsics of a resource's realm: values handed to it are built from these. */
export interface Realm {
  Error: ErrorConstructor;
  TypeError: TypeErrorConstructor;
  Promise: PromiseConstructor;
  /** Rebuilds a host-realm value (plain objects, arrays, ArrayBuffers, functions) in this realm. */
  adopt(value: unknown): unknown;
  /**
   * A runtime that unpacks what it receives itself (Lua): values reach it as the packed bytes
   * (boundary-codec Packed), and its functions take and return them so.
   */
  packed?: true;
  /**
   * The codec of a script resource's own runtime (realm-unpacker.ts): what it receives is unpacked
   * straight into its realm. Without it (stand-ins in the host's realm), the host's codec unpacks.
   */
  unpack?: RealmUnpacker;
}

export type AnyFunction = (...args: unknown[]) => unknown;

export class Resource {
  state: ResourceState = 'starting';
  readonly listeners = new Map<string, AnyFunction[]>();
  readonly exported = new Map<string, AnyFunction>();
  /** Export resolutions cached per provider resource, as FXServer's callers do. */
  readonly exportCache = new Map<string, Map<string, AnyFunction>>();
  readonly invokingStack: string[] = [];
  /** Run once the resource has stopped (a Lua resource closes its VM). */
  readonly stopHooks: Array<() => void> = [];
  httpHandler: AnyFunction | null = null;

  constructor(
    readonly name: string,
    readonly path: string,
    readonly globals: Record<string, unknown>,
    readonly realm: Realm,
    readonly timers: CfxTimers,
    readonly manifest: Manifest | null,
    readonly context: vm.Context | null,
  ) {}

  on(event: string, fn: AnyFunction): void {
    this.listeners.set(event, [...(this.listeners.get(event) ?? []), fn]);
  }
}

const ADOPT_SOURCE = `(keep) => function adopt(value) {
  if (value === null || typeof value !== 'object' && typeof value !== 'function') return value;
  if (keep(value)) return value;
  if (typeof value === 'function') {
    const fn = value;
    return function () { return fn.apply(this, arguments); };
  }
  if (Object.prototype.toString.call(value) === '[object ArrayBuffer]') {
    const copy = new ArrayBuffer(value.byteLength);
    new Uint8Array(copy).set(new Uint8Array(value));
    return copy;
  }
  if (Array.isArray(value)) return value.map((v) => adopt(v));
  const out = {};
  for (const key of Object.keys(value)) out[key] = adopt(value[key]);
  return out;
}`;

/** The realm of a fresh vm context. */
export function contextRealm(context: vm.Context): Realm {
  const intrinsics = vm.runInContext('({ Error, TypeError, Promise })', context) as Omit<Realm, 'adopt'>;
  // Extension values (vectors from Lua) reach a JS resource as the decoder's own object.
  const keep = (value: unknown) => value instanceof ExtBuffer;
  const adopt = (vm.runInContext(ADOPT_SOURCE, context) as (k: typeof keep) => (value: unknown) => unknown)(keep);
  return { ...intrinsics, adopt };
}

/** The host's own realm, for stand-ins that run as plain modules. */
export const hostRealm: Realm = { Error, TypeError, Promise, adopt: (value) => value };

/** A runtime that packs and unpacks its own values (Lua): it is handed bytes, not values. */
export const packedRealm: Realm = { ...hostRealm, packed: true };
