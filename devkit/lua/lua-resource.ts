/**
 * Lua resources in the test host: each one its own Lua 5.4 state (lua-vm.ts) running this
 * folder's Citizen runtime (citizen/*.lua) and then the resource's shared and server scripts, in
 * manifest order, each main chunk in a thread.
 *
 * Every value that crosses between it and another resource is msgpack: this state packs with
 * lua-cmsgpack's rules (citizen/msgpack.lua) and a JS resource unpacks with FXServer's JS codec,
 * and back; a Lua resource calling another Lua resource hands it the very bytes it packed. The
 * host sees a Lua resource as a resource of the packed realm: its listeners, exports and
 * function references take the packed argument list and answer the packed list of results.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Packed } from '../host/boundary-codec';
import type { FxHost, Participant } from '../host/fx-host';
import { readManifest } from '../host/manifest';
import { hostRealm, packedRealm, type AnyFunction, type Resource } from '../host/resource';
import { LuaVm, type LuaArg } from './lua-vm';

const RUNTIME = ['vector.lua', 'msgpack.lua', 'json.lua', 'scheduler.lua'].map((file) => ({
  file,
  code: readFileSync(join(__dirname, 'citizen', file), 'utf8'),
}));

/** The test itself, when it hands values to a Lua resource or reads what it answers: a JS sender. */
const TEST: Participant = { name: '', realm: hostRealm, invokingStack: [] };

export interface LuaScript {
  /** The path it has in the resource: what error positions name (`@<resource>/<file>`). */
  file: string;
  code: string;
}

export interface LuaResourceOptions {
  /**
   * Lua globals set before the scripts run (a stand-in's configuration), packed as a JS
   * resource would send them.
   */
  globals?: Record<string, unknown>;
}

/** The shared and server scripts fxmanifest.lua names, shared first (FiveM loads both on the server). */
export function manifestScripts(dir: string): LuaScript[] {
  const { entries } = readManifest(dir);
  const files = ['shared_script', 'shared_scripts', 'server_script', 'server_scripts'].flatMap((key) => entries.get(key) ?? []);
  return files.map((file) => ({ file, code: readFileSync(join(dir, file), 'utf8') }));
}

export class LuaResource {
  private readonly exportHandles = new Map<number, AnyFunction>();
  private nextHandle = 1;
  private readonly snippets = new Map<number, (outcome: { values: unknown[]; error: string | null }) => void>();
  private nextSnippet = 1;

  private constructor(
    private readonly host: FxHost,
    readonly vm: LuaVm,
    readonly resource: Resource,
  ) {}

  get name(): string {
    return this.resource.name;
  }

  /**
   * Starts a Lua resource made of `scripts` under `name`; onResourceStart fires once they have
   * run. A script error is reported (SCRIPT ERROR line and a host violation), not thrown.
   */
  static async start(host: FxHost, name: string, scripts: LuaScript[], options: LuaResourceOptions = {}, path = ''): Promise<LuaResource> {
    let self: LuaResource | null = null;
    const vm = await LuaVm.create((op, args) => {
      if (!self) throw new Error(`host call ${op} before the resource started`);
      return self.answer(op, args);
    });
    host.startModule(
      name,
      (globals, resource) => {
        self = new LuaResource(host, vm, resource);
        resource.stopHooks.push(() => vm.close());
        for (const { file, code } of RUNTIME) vm.run(code, `@citizen:/scripting/lua/${file}`);
        (globals.setTick as (fn: () => void) => number)(() => {
          if (!vm.isClosed) vm.call('__cfx_tick', Math.floor(host.now()));
        });
        for (const [key, value] of Object.entries(options.globals ?? {})) {
          vm.call('__cfx_setGlobal', Buffer.from(key, 'utf8'), self.pack(value));
        }
        for (const { file, code } of scripts) vm.call('__cfx_runChunk', Buffer.from(code, 'utf8'), Buffer.from(`@${name}/${file}`, 'utf8'));
      },
      packedRealm,
      path,
    );
    return self as unknown as LuaResource;
  }

  /** Starts the resource in folder `dir` (its fxmanifest.lua) under `name`. */
  static startFolder(host: FxHost, dir: string, name: string, options: LuaResourceOptions = {}): Promise<LuaResource> {
    return LuaResource.start(host, name, manifestScripts(dir), options, dir);
  }

  /** Whether the host still runs it. */
  get running(): boolean {
    return this.resource.state === 'started';
  }

  stop(): void {
    this.host.stopResource(this.name);
  }

  /**
   * Calls Lua global function `fn` as a JS resource would call a Lua function reference: `args`
   * packed by the JS codec, the function run in its own thread; answers what that JS caller
   * gets (nothing → undefined, one value → it, several → an array, a thread that yielded → a
   * Promise). For test helpers that drive a stand-in.
   */
  call(fn: string, ...args: unknown[]): unknown {
    return this.host.invokeAcross(
      (packed) => this.into('__cfx_callGlobal', Buffer.from(fn, 'utf8'), packed),
      args,
      TEST,
      this.resource,
      `Lua function ${fn} of ${this.name} failed - see above for details`,
    );
  }

  /**
   * Runs `code` as a file of this resource (its main chunk in a thread, so export calls await),
   * and settles once it has ended: with what it returned, as a JS resource receives it, or with
   * its error text.
   */
  runSnippet(code: string, file = 'snippet.lua'): Promise<{ values: unknown[]; error: string | null }> {
    const id = this.nextSnippet++;
    return new Promise((resolve) => {
      this.snippets.set(id, resolve);
      this.vm.call('__cfx_runSnippet', id, Buffer.from(code, 'utf8'), Buffer.from(`@${this.name}/${file}`, 'utf8'));
    });
  }

  /** A JS value as this state receives it: msgpack bytes packed by a JS sender. */
  private pack(value: unknown): Buffer {
    return Buffer.from((this.host.cross(value, TEST, this.resource) as Packed).bytes);
  }

  /** Runs a call into Lua that answers packed results (nil when it failed). */
  private into(fn: string, first: LuaArg, packed: unknown): Packed | null {
    if (this.vm.isClosed) return null;
    const [bytes] = this.vm.call(fn, first, Buffer.from((packed as Packed).bytes));
    return Buffer.isBuffer(bytes) ? new Packed(bytes) : null;
  }

  private text(value: LuaArg): string {
    return Buffer.isBuffer(value) ? value.toString('utf8') : String(value);
  }

  /** The host side of `__host(op, ...)` (citizen/scheduler.lua). */
  private answer(op: string, args: LuaArg[]): LuaArg | LuaArg[] | undefined {
    const resource = this.resource;
    const globals = resource.globals;
    switch (op) {
      case 'time':
        return Math.floor(this.host.now());
      case 'print':
        this.host.print(`script:${this.name}`, this.text(args[0]));
        return undefined;
      case 'scriptError': {
        const message = this.text(args[1]);
        this.host.print(`script:${this.name}`, `^1SCRIPT ERROR: ${message}^7`);
        this.host.violation(this.name, 'script-error', `${this.text(args[0])}: ${message.split('\n')[0]}`);
        return undefined;
      }
      case 'makeRef': {
        const index = Number(args[0]);
        return this.host.registerFunction(
          (packed) => this.into('__cfx_callRef', index, packed),
          this.name,
          () => {
            if (!this.vm.isClosed) this.vm.call('__cfx_deleteRef', index);
          },
        );
      }
      case 'invokeRef':
        return this.bytesOf(this.host.callRef(Number(args[0]), new Packed(args[1] as Buffer), resource));
      case 'listen': {
        const event = this.text(args[0]);
        resource.on(event, (packed) => {
          const source = globals.source;
          if (!this.vm.isClosed)
            this.vm.call(
              '__cfx_event',
              Buffer.from(event, 'utf8'),
              Buffer.from((packed as Packed).bytes),
              typeof source === 'number' ? source : Buffer.from(String(source ?? '')),
            );
        });
        return undefined;
      }
      case 'netSafe':
        (globals.RegisterNetEvent as AnyFunction)(this.text(args[0]));
        return undefined;
      case 'emit':
        this.host.emit(resource, this.text(args[0]), new Packed(args[1] as Buffer));
        return undefined;
      case 'export': {
        const name = this.text(args[0]);
        resource.exported.set(name, (packed) => this.into('__cfx_callExport', Buffer.from(name, 'utf8'), packed));
        return undefined;
      }
      case 'resolveExport': {
        const fn = this.host.resolveExport(resource, this.text(args[0]), this.text(args[1]));
        const handle = this.nextHandle++;
        this.exportHandles.set(handle, fn);
        return handle;
      }
      case 'callExport': {
        const fn = this.exportHandles.get(Number(args[0]));
        if (!fn) throw new Error('export handle is no longer valid');
        return this.bytesOf(fn(new Packed(args[1] as Buffer)));
      }
      case 'native': {
        const name = this.text(args[0]);
        const fn = globals[name];
        if (typeof fn !== 'function') throw new Error(`native ${name} is not available in the test host`);
        const result = (fn as AnyFunction)(...args.slice(1).map((a) => (Buffer.isBuffer(a) ? a.toString('utf8') : a)));
        const scalar = (v: unknown): LuaArg =>
          typeof v === 'string' ? Buffer.from(v, 'utf8') : typeof v === 'number' || typeof v === 'boolean' ? v : null;
        return Array.isArray(result) ? result.map(scalar) : scalar(result);
      }
      case 'stateGet': {
        const bytes = this.host.world.stateBagValue(this.text(args[0]), this.text(args[1]));
        return bytes ? Buffer.from(bytes) : null;
      }
      case 'stateSet':
        this.host.world.setStateBagValue(this.text(args[0]), this.text(args[1]), Buffer.from(args[2] as Buffer));
        return undefined;
      case 'snippetDone': {
        const settle = this.snippets.get(Number(args[0]));
        this.snippets.delete(Number(args[0]));
        if (args[1] === true)
          settle?.({ values: this.host.cross(new Packed(args[2] as Buffer), resource, TEST) as unknown[], error: null });
        else settle?.({ values: [], error: this.text(args[2]) });
        return undefined;
      }
      default:
        throw new Error(`unknown host call ${op}`);
    }
  }

  private bytesOf(result: unknown): Buffer | null {
    return result instanceof Packed ? Buffer.from(result.bytes) : null;
  }
}
