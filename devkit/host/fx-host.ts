/**
 * An in-process FXServer for the tests, following the emulator contract of
 * docs/platform.md#what-the-test-host-reproduces: classic scripts in one vm context per
 * resource, CFX globals, msgpack cloning at every boundary, synchronous events, exports with
 * FXServer's call semantics, CFX timers on a 50 ms tick, natives, console capture, and a real HTTP
 * socket (http-gateway.ts).
 *
 * What the real server would punish is recorded as a violation; tests fail on any they did not
 * provoke on purpose (takeViolations()).
 */
import { createRequire } from 'node:module';
import Module from 'node:module';
import { existsSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, resolve, sep } from 'node:path';
import { types } from 'node:util';
import vm from 'node:vm';
import { BoundaryCodec, ExtBuffer, Packed } from './boundary-codec';
import { CfxTimers } from './cfx-timers';
import { formatConsoleArgs } from './console-format';
import { HttpGateway } from './http-gateway';
import { readManifest } from './manifest';
import { captureRejections, releaseRejections, type RejectionSink } from './unhandled-rejections';
import { Resource, contextRealm, hostRealm, type AnyFunction, type Realm } from './resource';
import { GameWorld } from './game-world';
import { realmUnpacker } from './realm-unpacker';
import type { Violation, ViolationKind } from './violations';

export interface ConsoleLine {
  channel: string;
  text: string;
}

export interface HostOptions {
  convars?: Record<string, string>;
  /** How long a request the resource never answers stays open before the socket is dropped (FXServer: 300 s). */
  handlerTimeoutMs?: number;
  /** 'auto': a tick every 50 ms of real time; 'manual': ticks only through advance(). */
  clock?: 'auto' | 'manual';
  /** Also hands each console line to this (npm run dev prints them with `consoleLines`). */
  echoConsole?: (channel: string, text: string) => void;
}

/** Either side of a call across the boundary: a resource, or the server's native side. */
export interface Participant {
  name: string;
  realm: Realm;
  invokingStack: string[];
}

const TICK_MS = 50;
const SERVER: Participant = { name: '', realm: hostRealm, invokingStack: [] };

function messageOf(error: unknown): string {
  if (error !== null && typeof error === 'object' && typeof (error as Error).message === 'string') return (error as Error).message;
  return String(error);
}

/** `_ts()` of the natives' JS wrapper: 0, null, undefined and false are a C null pointer. */
function nativeString(value: unknown): string | null {
  return value === 0 || value === null || value === undefined || value === false ? null : String(value);
}

/** C++ std::stoi on the lower-cased value, with true/false as 1/0; null when it does not parse. */
function stoi(value: string): number | null {
  const lower = value.toLowerCase();
  if (lower === 'true') return 1;
  if (lower === 'false') return 0;
  const match = /^\s*([+-]?\d+)/.exec(lower);
  if (!match) return null;
  const n = Number(match[1]);
  return n >= -(2 ** 31) && n <= 2 ** 31 - 1 ? n : null;
}

function timerGlobals(timers: CfxTimers): Record<string, unknown> {
  return {
    setTimeout: timers.setTimeout,
    setInterval: timers.setInterval,
    setImmediate: timers.setImmediate,
    clearTimeout: timers.clearTimeout,
    clearInterval: timers.clearTimeout,
    clearImmediate: timers.clearTimeout,
    setTick: timers.setTick,
    clearTick: timers.clearTick,
  };
}

export class FxHost implements RejectionSink {
  readonly console: ConsoleLine[] = [];
  private violations: Violation[] = [];
  private readonly resources = new Map<string, Resource>();
  private readonly convars = new Map<string, string>();
  private readonly codec = new BoundaryCodec();
  private readonly nextTick: Array<() => void> = [];
  private readonly netSafe = new Set<string>();
  private readonly started = performance.now();
  private manualClock = 0;
  private ticker: ReturnType<typeof setInterval> | null = null;
  readonly gateway: HttpGateway;
  /** Connected players, their peds and player state bags (the natives below read them). */
  readonly world = new GameWorld((name) => this.convars.get(name));

  constructor(private readonly options: HostOptions = {}) {
    for (const [k, v] of Object.entries(options.convars ?? {})) this.convars.set(k, v);
    this.gateway = new HttpGateway(this, options.handlerTimeoutMs ?? 300_000);
    if ((options.clock ?? 'auto') === 'auto') this.ticker = setInterval(() => this.tick(), TICK_MS);
    captureRejections(this);
  }

  /** Function references still callable: the receiver holds its function and the sender has not stopped. */
  heldFunctionReferences(): number {
    return this.codec.heldReferences;
  }

  // ---- clock ----------------------------------------------------------------------------------

  now(): number {
    return this.ticker ? performance.now() - this.started : this.manualClock;
  }

  /** One resource tick: due timers of every resource, then what was queued for the next tick. */
  tick(): void {
    for (const resource of this.resources.values()) if (resource.state === 'started') resource.timers.runTick();
    for (const task of this.nextTick.splice(0)) task();
  }

  /** ScheduleResourceTick: one extra tick of that resource's timers on the next turn of the loop. */
  private scheduleTick(name: string): void {
    setImmediate(() => {
      const target = this.resource(name);
      if (target?.state === 'started') target.timers.runTick();
    });
  }

  /** Manual clock: runs the ticks of `ms` milliseconds, letting promises settle between them. */
  async advance(ms: number): Promise<void> {
    // Promises settle between ticks on the server, including those a test settled just before.
    const settle = () => new Promise((r) => setImmediate(r));
    for (let elapsed = 0; elapsed < ms; elapsed += TICK_MS) {
      await settle();
      this.manualClock += TICK_MS;
      this.tick();
    }
    await settle();
  }

  // ---- violations and console -----------------------------------------------------------------

  violation(resource: string, kind: ViolationKind, detail: string): void {
    this.violations.push({ resource, kind, detail });
  }

  /**
   * An unhandled rejection of a promise one of this host's script resources made (its realm's
   * Promise): a violation of that resource and a warning line, as FXServer's Node warns.
   */
  takeRejection(reason: unknown, promise: Promise<unknown>): boolean {
    const proto = Object.getPrototypeOf(promise) as unknown;
    const owner = [...this.resources.values()].find((r) => r.context && proto === r.realm.Promise.prototype);
    if (!owner) return false;
    this.unhandledRejection(owner.name, reason);
    return true;
  }

  /** A rejection `resource` left unhandled: a warning line and a violation of that resource. */
  unhandledRejection(resource: string, reason: unknown): void {
    this.print(`script:${resource}`, `UnhandledPromiseRejectionWarning: ${messageOf(reason)}`);
    this.violation(resource, 'unhandled-rejection', messageOf(reason));
  }

  /** An uncaught exception made in one of this host's script resources (its realm's Error). */
  takeException(error: unknown): boolean {
    const owner = [...this.resources.values()].find((r) => r.context && error instanceof r.realm.Error);
    if (!owner) return false;
    this.print(`script:${owner.name}`, `^1Uncaught exception: ${(error as Error).stack ?? messageOf(error)}^7`);
    this.violation(owner.name, 'script-error', `uncaught: ${messageOf(error)}`);
    return true;
  }

  /** The violations recorded so far, forgotten once taken. */
  takeViolations(): Violation[] {
    return this.violations.splice(0);
  }

  print(channel: string, text: string): void {
    this.console.push({ channel, text });
    this.options.echoConsole?.(channel, text);
  }

  /** Console lines of one resource. */
  linesOf(resource: string): string[] {
    return this.console.filter((l) => l.channel === `script:${resource}`).map((l) => l.text);
  }

  /**
   * A player leaves: `playerDropped(reason)` with `source` his id, while his ped and state still
   * answer (citizen-server-impl raises it before the client is removed), then he is gone.
   */
  dropPlayer(source: number, reason = 'Exiting'): void {
    this.emit(SERVER, 'playerDropped', [reason], source);
    this.world.disconnect(source);
  }

  /** Sets a player state bag value as the server would (`Player(source).state:set(key, value, true)`). */
  setPlayerState(source: number, key: string, value: unknown): void {
    this.world.setStateBagValue(`player:${source}`, key, this.codec.encode(value, SERVER.name));
  }

  // ---- convars --------------------------------------------------------------------------------

  setConvar(name: string, value: string): void {
    this.convars.set(name, value);
  }

  // ---- resources ------------------------------------------------------------------------------

  resource(name: string): Resource | undefined {
    return this.resources.get(name.toLowerCase());
  }

  startedResources(): Resource[] {
    return [...this.resources.values()].filter((r) => r.state === 'started');
  }

  /** Starts a resource folder: reads fxmanifest.lua and runs its server scripts in manifest order. */
  startResource(dir: string, name: string): Resource {
    const manifest = readManifest(dir);
    const sources = manifest.serverScripts.map((file) => ({ file, code: readFileSync(join(dir, file), 'utf8') }));
    return this.startScripts(name, dir, sources, manifest);
  }

  /** Starts a resource made of one inline script, e.g. a second resource that calls exports. */
  startScript(name: string, code: string): Resource {
    return this.startScripts(name, '', [{ file: 'inline.js', code }], null);
  }

  /**
   * Starts a stand-in written as a host-side module (the oxmysql stand-in): it gets the same
   * globals a script would, in the host's realm, and every value it exchanges is still cloned.
   */
  startModule(
    name: string,
    setup: (globals: Record<string, unknown>, resource: Resource) => void,
    realm: Realm = hostRealm,
    path = '',
  ): Resource {
    const timers = new CfxTimers(
      () => this.now(),
      (text) => this.print(`script:${name}`, text),
    );
    const globals: Record<string, unknown> = {};
    const resource = new Resource(name, path, globals, realm, timers, null, null);
    Object.assign(globals, this.globalsFor(resource), timerGlobals(timers));
    this.register(resource);
    setup(globals, resource);
    this.markStarted(resource);
    return resource;
  }

  private register(resource: Resource): void {
    if (this.resource(resource.name)?.state === 'started') throw new Error(`resource ${resource.name} is already started`);
    this.resources.set(resource.name.toLowerCase(), resource);
  }

  private startScripts(
    name: string,
    dir: string,
    sources: Array<{ file: string; code: string }>,
    manifest: ReturnType<typeof readManifest> | null,
  ): Resource {
    const timers = new CfxTimers(
      () => this.now(),
      (text) => this.print(`script:${name}`, text),
    );
    // An ordinary global object, as a V8 context of FXServer's has: a contextified sandbox (the
    // default) routes every global read through an interceptor, which made scripts' use of the
    // intrinsics (JSON, Object, Array…) about 1.5x slower than on a real server.
    if (typeof vm.constants?.DONT_CONTEXTIFY !== 'symbol')
      throw new Error('the test host needs vm.constants.DONT_CONTEXTIFY (Node 22.8+, or a 20.x that has it)');
    const context = vm.createContext(vm.constants.DONT_CONTEXTIFY);
    const realm = contextRealm(context);
    const globals = vm.runInContext('globalThis', context) as Record<string, unknown>;
    const resource = new Resource(name, dir, globals, realm, timers, manifest, context);
    this.installGlobals(resource);
    // After the globals: the codec reads Buffer when it loads, as the runtime's does.
    realm.unpack = realmUnpacker(context, { ext: (bytes, type) => new ExtBuffer(Buffer.from(bytes), type) });
    this.register(resource);
    for (const { file, code } of sources) {
      let script: vm.Script;
      try {
        script = new vm.Script(code, { filename: `@${name}/${file}` });
      } catch (error) {
        this.print(`script:${name}`, `Error parsing script ${file} in resource ${name}: ${String(error)}`);
        this.violation(name, 'script-error', `parse ${file}: ${String(error)}`);
        continue;
      }
      try {
        script.runInContext(context);
      } catch (error) {
        this.print(`script:${name}`, `Error loading script ${file} in resource ${name}: ${(error as Error)?.stack ?? String(error)}`);
        this.violation(name, 'script-error', `load ${file}: ${String(error)}`);
      }
    }
    this.markStarted(resource);
    return resource;
  }

  private markStarted(resource: Resource): void {
    resource.state = 'started';
    this.emit(SERVER, 'onResourceStart', [resource.name]);
    this.nextTick.push(() => this.emit(SERVER, 'onServerResourceStart', [resource.name]));
  }

  /**
   * Stops a resource: onResourceStop first, while its scripts still run, then teardown. Returns
   * how many timers and ticks it had left scheduled after its own onResourceStop handlers ran.
   */
  stopResource(name: string): number {
    const resource = this.resource(name);
    if (resource?.state !== 'started') throw new Error(`resource ${name} is not started`);
    resource.state = 'stopping';
    this.emit(SERVER, 'onResourceStop', [resource.name]);
    const leftScheduled = resource.timers.pending();
    resource.timers.clearAll();
    resource.listeners.clear();
    resource.exported.clear();
    resource.httpHandler = null;
    resource.state = 'stopped';
    this.codec.forgetOwner(resource.name);
    for (const hook of resource.stopHooks.splice(0)) hook();
    this.nextTick.push(() => {
      for (const other of this.resources.values()) other.exportCache.delete(resource.name);
      this.emit(SERVER, 'onServerResourceStop', [resource.name]);
    });
    return leftScheduled;
  }

  /** Runs code in a script resource's global scope, as if it were part of its scripts. */
  evaluate(resource: string, code: string): unknown {
    const target = this.resource(resource);
    if (!target?.context) throw new Error(`resource ${resource} has no script context`);
    return vm.runInContext(code, target.context);
  }

  // ---- crossing the boundary ------------------------------------------------------------------

  private participant(name: string): Participant {
    return name === '' ? SERVER : (this.resource(name) ?? SERVER);
  }

  /**
   * A value as `to` receives it from `from`: packed by the sender's runtime (a Packed value is
   * bytes a Lua resource packed already), unpacked by the receiver's: rebuilt in a JS realm, or
   * handed over as the bytes to a runtime that unpacks its own (Lua).
   */
  cross(value: unknown, from: Participant, to: Participant): unknown {
    let bytes: Uint8Array;
    if (value instanceof Packed) bytes = value.bytes;
    else {
      try {
        bytes = this.codec.encode(value, from.name);
      } catch (error) {
        // Packing runs in the sender's runtime, so what cannot be packed fails there with its own Error.
        throw new from.realm.Error(messageOf(error));
      }
    }
    if (to.realm.packed) return new Packed(bytes);
    const callable =
      (id: number) =>
      (...args: unknown[]) =>
        this.callRef(id, args, to);
    if (to.realm.unpack) return to.realm.unpack(bytes, (id) => this.codec.held(id, callable(id)));
    return to.realm.adopt(this.codec.decode(bytes, callable));
  }

  /** Calls function reference `id` from `caller`; a Packed `args` is the caller's packed argument list. */
  callRef(id: number, args: unknown[] | Packed, caller: Participant): unknown {
    const { fn, owner } = this.codec.lookup(id);
    return this.invokeAcross(
      fn,
      args,
      caller,
      this.participant(owner),
      'An error occurred while calling a function reference - see above for details',
    );
  }

  /** A reference to a function of `owner`'s (a Lua runtime's), for that runtime to pack as ext 10. */
  registerFunction(fn: AnyFunction, owner: string, release?: () => void): number {
    return this.codec.registerFunction(fn, owner, release);
  }

  /**
   * FXServer's ref-call semantics: arguments cloned to the provider, GetInvokingResource set,
   * the return cloned back (undefined → null); a throw is logged on the provider side and the
   * caller gets a generic Error; a Promise becomes a caller-side Promise that rejects with a string.
   */
  invokeAcross(fn: AnyFunction, args: unknown[] | Packed, caller: Participant, provider: Participant, failure: string): unknown {
    if (provider.realm.packed) return this.invokePackedProvider(fn, args, caller, provider, failure);
    const clonedArgs = this.cross(args, caller, provider) as unknown[];
    provider.invokingStack.push(caller.name);
    let result: unknown;
    try {
      result = fn(...clonedArgs);
    } catch (error) {
      // The server's own functions (HTTP response) fail like natives: the error reaches the caller.
      if (provider === SERVER) throw new caller.realm.TypeError(messageOf(error));
      this.print(`script:${provider.name}`, `^1SCRIPT ERROR in call ref: ${String(error)}^7`);
      // A Lua caller unpacks nil and raises an error without a message (scheduler.lua's funcref __call).
      if (caller.realm.packed) return null;
      throw new caller.realm.Error(failure);
    } finally {
      provider.invokingStack.pop();
    }
    if (caller.realm.packed) {
      // citizenfx/fivem main.js setCallRefFunction: the return list [rv], and for a Promise an
      // object whose __cfx_async_retval(cb) settles cb([value], null) or cb(null, message).
      if (!types.isPromise(result)) return this.cross([result], provider, caller);
      const settling = result as Promise<unknown>;
      const asyncRetval = (cb: AnyFunction) => {
        settling.then(
          (value) => cb([value], null),
          (error) => cb(null, messageOf(error)),
        );
      };
      return this.cross([{ __cfx_async_retval: asyncRetval }], provider, caller);
    }
    if (types.isPromise(result)) {
      return new caller.realm.Promise((resolvePromise, reject) => {
        (result as Promise<unknown>).then(
          (value) => resolvePromise((this.cross([value], provider, caller) as unknown[])[0]),
          (error) => reject(messageOf(error)),
        );
      });
    }
    return (this.cross([result], provider, caller) as unknown[])[0];
  }

  /**
   * A call into a runtime that unpacks its own values (Lua): it gets the packed argument list and
   * answers its packed list of return values, or null when it failed (it reported the error
   * itself). A JS caller gets what citizenfx/fivem main.js refFunctionUnpacker makes of that list:
   * nothing → undefined, one value → it, more → an array; a first value holding
   * __cfx_async_retval (the callee yielded) → a Promise of what it settles with.
   */
  private invokePackedProvider(
    fn: AnyFunction,
    args: unknown[] | Packed,
    caller: Participant,
    provider: Participant,
    failure: string,
  ): unknown {
    const packedArgs = this.cross(args, caller, provider);
    provider.invokingStack.push(caller.name);
    let result: unknown;
    try {
      result = fn(packedArgs);
    } finally {
      provider.invokingStack.pop();
    }
    if (caller.realm.packed) return result;
    if (!(result instanceof Packed)) throw new caller.realm.Error(failure);
    const values = this.cross(result, provider, caller) as unknown[];
    if (!Array.isArray(values)) throw new caller.realm.Error(failure);
    const first = values[0] as { __cfx_async_retval?: unknown } | null | undefined;
    if (values.length === 1 && first !== null && typeof first === 'object' && typeof first.__cfx_async_retval === 'function') {
      const settle = first.__cfx_async_retval as AnyFunction;
      return new caller.realm.Promise((resolvePromise, reject) => {
        settle((list: unknown, error: unknown) => {
          if (error !== null && error !== undefined) reject(error);
          else resolvePromise(Array.isArray(list) ? (list.length <= 1 ? list[0] : list) : undefined);
        });
      });
    }
    return values.length === 0 ? undefined : values.length === 1 ? values[0] : values;
  }

  // ---- events ---------------------------------------------------------------------------------

  /** TriggerEvent: every listener of every resource, synchronously, in registration order. */
  emit(from: Participant, event: string, args: unknown[] | Packed, source: string | number = ''): void {
    for (const resource of [...this.resources.values()]) {
      if (!this.isRunning(resource)) continue;
      for (const listener of [...(resource.listeners.get(event) ?? [])]) {
        const cloned = this.cross(args, from, resource);
        resource.globals.source = source;
        resource.invokingStack.push(from.name);
        try {
          // A runtime that unpacks its own values gets the packed argument list.
          const result = resource.realm.packed ? listener(cloned) : listener(...(cloned as unknown[]));
          if (types.isPromise(result)) {
            (result as Promise<unknown>).catch((error) =>
              this.print(`script:${resource.name}`, `^1Error: Unhandled promise failure: ${String(error)}^7`),
            );
          }
        } catch (error) {
          this.print(`script:${resource.name}`, `^1SCRIPT ERROR in event \`${event}': ${String(error)}^7`);
          this.violation(resource.name, 'script-error', `event ${event}: ${String(error)}`);
        } finally {
          resource.invokingStack.pop();
          resource.globals.source = null;
        }
      }
    }
  }

  /** A client event from player `playerId`: refused unless some resource marked it net-safe. */
  emitNet(event: string, playerId: number, ...args: unknown[]): void {
    if (!this.netSafe.has(event)) {
      this.print('citizen-server-impl', `Event ${event} was not safe for net`);
      return;
    }
    this.emit(SERVER, event, args, playerId);
  }

  /** Calls `exports[provider][name](...args)` from inside resource `caller`. */
  callExport(caller: string, provider: string, name: string, ...args: unknown[]): unknown {
    const from = this.resource(caller);
    if (!from) throw new Error(`no resource ${caller}`);
    const proxy = (from.globals.exports as Record<string, Record<string, AnyFunction>>)[provider];
    return proxy[name](...(from.realm.adopt(args) as unknown[]));
  }

  /** A resource whose scripts still run: onResourceStop handlers run while it is stopping. */
  private isRunning(resource: Resource | undefined): resource is Resource {
    return resource?.state === 'started' || resource?.state === 'stopping';
  }

  /**
   * `exports[providerName][name]` as `caller` resolves it: throws when there is no such export; the
   * function calls across with FXServer's semantics (a runtime that packs its own values passes
   * one Packed argument list).
   */
  resolveExport(caller: Resource, providerName: string, name: string): AnyFunction {
    let cache = caller.exportCache.get(providerName);
    let fn = cache?.get(name);
    if (!fn) {
      const provider = this.resource(providerName);
      fn = this.isRunning(provider) && provider.name === providerName ? provider.exported.get(name) : undefined;
      if (!fn) throw new caller.realm.Error(`No such export ${name} in resource ${providerName}`);
      if (!cache) {
        cache = new Map();
        caller.exportCache.set(providerName, cache);
      }
      cache.set(name, fn);
    }
    const resolved = fn;
    const failure = `An error occurred while calling export ${name} of resource ${providerName} - see above for details`;
    return (...args: unknown[]) => {
      const provider = this.resource(providerName);
      if (!this.isRunning(provider) || provider.exported.get(name) !== resolved) {
        throw new caller.realm.Error(failure);
      }
      return this.invokeAcross(resolved, caller.realm.packed ? (args[0] as Packed) : args, caller, provider, failure);
    };
  }

  private exportsProxy(resource: Resource): unknown {
    const register = (...args: unknown[]) => {
      if (args.length !== 2) throw new resource.realm.Error('this needs 2 arguments');
      if (typeof args[1] === 'function') resource.exported.set(String(args[0]), args[1] as AnyFunction);
    };
    return new Proxy(register, {
      apply: (_target, _this, args: unknown[]) => register(...args),
      get: (_target, providerName) => {
        if (typeof providerName !== 'string') return undefined;
        return new Proxy(
          {},
          {
            get: (_t, name) => (typeof name === 'string' ? this.resolveExport(resource, providerName, name) : undefined),
            set: () => {
              throw new resource.realm.Error('cannot set values on an export resource');
            },
          },
        );
      },
      set: () => {
        throw new resource.realm.Error('cannot set values on exports');
      },
    });
  }

  // ---- globals --------------------------------------------------------------------------------

  private consoleFor(resource: Resource): Record<string, AnyFunction> {
    const out =
      (prefix: string, suffix = '') =>
      (...args: unknown[]) =>
        this.print(`script:${resource.name}`, `${prefix}${formatConsoleArgs(args)}${suffix}`);
    const missing = (method: string) => () => this.print(`script:${resource.name}`, `^1Error: console.${method} is not implemented^7`);
    return {
      log: out(''),
      info: out('Info: '),
      debug: out('Debug: '),
      warn: out('^3Warning: ', '^7'),
      error: out('^1Error: ', '^7'),
      trace: (...args: unknown[]) => out('Trace: ')(...args, new Error().stack),
      table: missing('table'),
      group: missing('group'),
      groupEnd: missing('groupEnd'),
      clear: missing('clear'),
      dirxml: missing('dirxml'),
      dir: out(''),
    };
  }

  private metadataOf(resourceName: unknown, key: unknown): string[] {
    return this.resource(String(resourceName))?.manifest?.entries.get(String(key)) ?? [];
  }

  /**
   * The CFX globals and natives a resource sees (docs/platform.md#script-loading-and-globals,
   * #natives; #what-the-test-host-reproduces items 2–4, 26).
   */
  private globalsFor(resource: Resource): Record<string, unknown> {
    const on = (event: unknown, fn: unknown) => {
      if (typeof fn === 'function') resource.on(String(event), fn as AnyFunction);
    };
    const emit = (event: unknown, ...args: unknown[]) => this.emit(resource, String(event), args);
    const lookupPath = (res: unknown): string | null => this.resource(String(res))?.path || null;
    return {
      print: (...args: unknown[]) => this.print(`script:${resource.name}`, formatConsoleArgs(args)),
      console: this.consoleFor(resource),
      exports: this.exportsProxy(resource),
      source: null,
      on,
      AddEventHandler: on,
      addEventListener: on,
      onNet: (event: unknown, fn: unknown) => {
        this.netSafe.add(String(event));
        on(event, fn);
      },
      RegisterNetEvent: (event: unknown) => this.netSafe.add(String(event)),
      removeEventListener: (event: unknown, fn: unknown) => {
        const list = resource.listeners.get(String(event)) ?? [];
        resource.listeners.set(
          String(event),
          list.filter((f) => f !== fn),
        );
      },
      emit,
      TriggerEvent: emit,
      emitNet: () => undefined,
      TriggerClientEvent: () => undefined,
      ...this.playerNatives(resource),
      GetCurrentResourceName: () => resource.name,
      GetInvokingResource: () => resource.invokingStack.at(-1) || null,
      GetConvar: (name: unknown, fallback: unknown) => this.convars.get(String(name)) ?? nativeString(fallback),
      GetConvarInt: (name: unknown, fallback: unknown) => {
        const value = this.convars.get(String(name));
        const parsed = value === undefined ? null : stoi(value);
        return parsed ?? Number(fallback) | 0;
      },
      GetConvarBool: (name: unknown, fallback: unknown) => {
        const value = this.convars.get(String(name));
        const parsed = value === undefined ? null : stoi(value);
        return parsed === null ? Boolean(fallback) : parsed !== 0;
      },
      GetResourcePath: lookupPath,
      GetResourceState: (res: unknown) => this.resource(String(res))?.state ?? 'missing',
      GetResourceMetadata: (res: unknown, key: unknown, index: unknown) => this.metadataOf(res, key)[Number(index) || 0] ?? null,
      GetNumResourceMetadata: (res: unknown, key: unknown) => this.metadataOf(res, key).length,
      LoadResourceFile: (res: unknown, file: unknown) => {
        const root = lookupPath(res);
        if (!root || typeof file !== 'string') return null;
        const relative = file.replace(/^[\\/]+/, '');
        const full = resolve(root, relative);
        if (!full.startsWith(resolve(root) + sep) || !existsSync(full) || !statSync(full).isFile()) return null;
        return readFileSync(full, 'utf8');
      },
      // SAVE_RESOURCE_FILE(resourceName, fileName, data, dataLength), citizenfx/fivem@0190684
      // code/components/citizen-scripting-core/src/MetadataScriptFunctions.cpp: an unknown resource, or a
      // write the filesystem permissions refuse (FilesystemPermissions.cpp: only the calling resource's
      // own folder without add_filesystem_permission; a path climbing out with `..`), gives null; a
      // file that cannot be created (its folder missing) false; else the file is replaced by the
      // first dataLength bytes of data's UTF-8 (0 or -1: up to its first NUL) and the answer is true.
      // A dataLength past the text's end reads beyond it on FXServer; here it stops at the end.
      SaveResourceFile: (res: unknown, file: unknown, data: unknown, length: unknown) => {
        const target = this.resource(String(res));
        if (!target?.path || target !== resource || typeof file !== 'string' || file.split(/[\\/]/).includes('..')) return null;
        const text = nativeString(data);
        if (text === null) throw new resource.realm.Error('Argument at index 2 was null.');
        const bytes = Buffer.from(String(text), 'utf8');
        const asked = Number(length) | 0;
        const nul = bytes.indexOf(0);
        const end = asked === 0 || asked === -1 ? (nul === -1 ? bytes.length : nul) : Math.min(Math.max(asked, 0), bytes.length);
        try {
          writeFileSync(join(target.path, file), bytes.subarray(0, end));
        } catch {
          return false;
        }
        return true;
      },
      SetHttpHandler: (fn: unknown) => {
        resource.httpHandler = typeof fn === 'function' ? (fn as AnyFunction) : null;
      },
      // The natives below are the ones the real oxmysql calls besides the usual ones (read from its
      // dist/build.js). Declarations: citizenfx/fivem ext/native-decls/<Name>.md.
      // SET_CONVAR(varName, value): sets a convar for every reader (oxmysql's `oxmysql_debug` command).
      SetConvar: (name: unknown, value: unknown) => this.convars.set(String(name), String(nativeString(value) ?? '')),
      // REGISTER_COMMAND(name, handler, restricted): the host has no console or chat to run it from.
      RegisterCommand: () => undefined,
      // IS_PLAYER_ACE_ALLOWED(playerSrc, object): the host has no players, so nobody is allowed.
      IsPlayerAceAllowed: () => false,
      // SCHEDULE_RESOURCE_TICK(resourceName): code/components/citizen-server-impl/src/ServerResources.cpp
      // looks the resource up by name and queues, on the main thread, one Tick() of its scripting
      // component (its CFX timers and process._tickCallback) without waiting for the 50 ms server
      // tick; an unknown name ticks nothing; in monitor mode it does nothing. oxmysql calls it on
      // every query so its callbacks run without waiting for the next server tick.
      ScheduleResourceTick: (name: unknown) => {
        const target = nativeString(name);
        if (target === null) throw new resource.realm.Error('Argument at index 0 was null.');
        this.scheduleTick(target);
      },
    };
  }

  /**
   * Player, ped and state bag natives (server side, citizenfx/fivem ext/native-decls and main.js's
   * getPlayers/getPlayerIdentifiers/Player). Player arguments are char* in the declarations, so a
   * number or its string both name the player. Vector3 results reach JS as [x, y, z].
   */
  private playerNatives(resource: Resource): Record<string, unknown> {
    const world = this.world;
    const identifiers = (player: unknown) => world.player(nativeString(player))?.identifiers ?? [];
    const stateValue = (bag: unknown, key: unknown): unknown => {
      const bytes = world.stateBagValue(String(bag), String(key));
      return bytes === undefined ? null : this.cross(new Packed(bytes), SERVER, resource);
    };
    const setStateValue = (bag: string, key: string, value: unknown) =>
      world.setStateBagValue(bag, key, this.codec.encode(value, resource.name));
    const stateBag = (bag: string) =>
      new Proxy(
        {},
        {
          get: (_t, key) =>
            key === 'set'
              ? (k: unknown, v: unknown) => setStateValue(bag, String(k), v)
              : typeof key === 'string'
                ? stateValue(bag, key)
                : undefined,
          set: (_t, key, value) => {
            setStateValue(bag, String(key), value);
            return true;
          },
        },
      );
    return {
      getPlayers: () => resource.realm.adopt(world.playerIds()),
      GetNumPlayerIndices: () => world.playerIds().length,
      GetPlayerFromIndex: (index: unknown) => world.playerIds()[Number(index)] ?? null,
      GetPlayerName: (player: unknown) => world.player(nativeString(player))?.name ?? null,
      GetNumPlayerIdentifiers: (player: unknown) => identifiers(player).length,
      GetPlayerIdentifier: (player: unknown, index: unknown) => identifiers(player)[Number(index)] ?? null,
      getPlayerIdentifiers: (player: unknown) => resource.realm.adopt([...identifiers(player)]),
      GetPlayerIdentifierByType: (player: unknown, type: unknown) =>
        identifiers(player).find((id) => id.startsWith(`${String(type)}:`)) ?? null,
      GetPlayerPed: (player: unknown) => world.playerPed(nativeString(player)),
      DoesEntityExist: (entity: unknown) => world.entityExists(entity),
      GetEntityCoords: (entity: unknown) => {
        const { x, y, z } = world.entityCoords(entity);
        return resource.realm.adopt([x, y, z]);
      },
      GetEntityHeading: (entity: unknown) => world.entityHeading(entity),
      GetEntityHealth: (entity: unknown) => world.entityHealth(entity),
      GetPedArmour: (entity: unknown) => world.pedArmour(entity),
      GetStateBagValue: stateValue,
      Player: (player: unknown) => ({ state: stateBag(`player:${Number(player)}`) }),
    };
  }

  private installGlobals(resource: Resource): void {
    const context = resource.context as vm.Context;
    const nodeGlobals = {
      global: resource.globals,
      require: createRequire(join(resource.path || process.cwd(), 'dummy.js')),
      module: Module,
      process,
      Buffer,
      URL,
      URLSearchParams,
      TextEncoder,
      TextDecoder,
      AbortController,
      queueMicrotask,
      structuredClone,
      performance,
      crypto: globalThis.crypto,
      atob,
      btoa,
    };
    Object.assign(resource.globals, nodeGlobals, this.globalsFor(resource));
    const define = vm.runInContext(
      '(values) => { for (const key of Object.keys(values)) Object.defineProperty(globalThis, key, { value: values[key], writable: false, configurable: false, enumerable: true }); }',
      context,
    ) as (values: Record<string, unknown>) => void;
    define(timerGlobals(resource.timers));
  }

  // ---- HTTP -----------------------------------------------------------------------------------

  /** Starts the HTTP socket on 127.0.0.1 and returns its base URL (`http://127.0.0.1:<port>`); port 0 picks a free one. */
  listen(port = 0): Promise<string> {
    return this.gateway.listen(port);
  }

  /** Calls a resource's HTTP handler from the server side. */
  callHttpHandler(resource: Resource, request: unknown, response: unknown): unknown {
    return this.invokeAcross(resource.httpHandler as AnyFunction, [request, response], SERVER, resource, 'HTTP handler failed');
  }

  async close(): Promise<void> {
    if (this.ticker) clearInterval(this.ticker);
    this.ticker = null;
    for (const resource of this.startedResources().reverse()) this.stopResource(resource.name);
    this.tick();
    await this.gateway.close();
    // Sockets its resources had (oxmysql's pool, ended by the relay or the database just before)
    // report their close a loop turn after the peer's: what they raise then is still this host's
    // resources' doing, a warning as on FXServer, not a failure of whatever test runs next.
    await new Promise((resolve) => setImmediate(resolve));
    releaseRejections(this);
  }
}
