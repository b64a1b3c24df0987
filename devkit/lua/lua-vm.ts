/**
 * One Lua 5.4 state in wasmoon's WebAssembly build of the reference interpreter, driven through
 * the C API so that strings cross as bytes: msgpack payloads are binary, and wasmoon's own value
 * conversion reads a Lua string as NUL-terminated UTF-8.
 *
 * The only way Lua reaches JS is one C function, `__host(op, ...)`, answered by the `host`
 * callback given to the constructor; JS reaches Lua by calling a global function (`call`). Both
 * may nest: JS called from Lua may call into Lua again, on the Lua thread that made the call, as
 * a C function calling lua_pcall would.
 */
import Module from 'node:module';
import type { LuaFactory as LuaFactoryClass, LuaWasm } from 'wasmoon';

// wasmoon's emscripten glue loads itself with a dynamic import('module'), which a vm context
// (jest's module registry, whose `module` builtin is its own) refuses without
// --experimental-vm-modules: Node's own loader, reached through the process's main module, loads
// it outside that context. (test/fx-test-environment.js hands the worker's process over as nodeProcess.)
const nodeProcess = (globalThis as { nodeProcess?: NodeJS.Process }).nodeProcess ?? process;
const NodeModule = (nodeProcess.mainModule?.constructor ?? Module) as typeof Module;
const { LuaFactory } = NodeModule.createRequire(__filename)('wasmoon') as { LuaFactory: typeof LuaFactoryClass };

/** What crosses the C boundary: Lua strings arrive as bytes, nil as null. */
export type LuaArg = Buffer | number | boolean | null;
export type HostCallback = (op: string, args: LuaArg[]) => LuaArg | LuaArg[] | undefined;

const LUA_MULTRET = -1;
const LUA_OK = 0;
const LUA_REGISTRYINDEX = -1000000 - 1000;
// lua.h type tags.
const LUA_TNIL = 0;
const LUA_TBOOLEAN = 1;
const LUA_TNUMBER = 3;
const LUA_TSTRING = 4;

let module: Promise<LuaWasm> | null = null;

/** The WebAssembly module, instantiated once per process; every state lives in its memory. */
export function luaModule(): Promise<LuaWasm> {
  module ??= new LuaFactory().getLuaModule();
  return module;
}

/** The states whose C function `__host` answers, by the id in its upvalue. */
const states = new Map<number, LuaVm>();
let nextStateId = 1;
let hostFunctionPointer = 0;

export class LuaError extends Error {}

export class LuaVm {
  private readonly L: number;
  /** The Lua threads currently inside `__host`, innermost last: a nested call into Lua runs on it. */
  private readonly active: number[] = [];
  private readonly id = nextStateId++;
  private closed = false;

  private constructor(
    private readonly lua: LuaWasm,
    private readonly host: HostCallback,
  ) {
    this.L = lua.luaL_newstate();
    lua.luaL_openlibs(this.L);
    states.set(this.id, this);
    hostFunctionPointer ||= lua.module.addFunction((L: number) => hostEntry(lua, L), 'ii');
    lua.lua_pushinteger(this.L, BigInt(this.id));
    lua.lua_pushcclosure(this.L, hostFunctionPointer, 1);
    lua.lua_setglobal(this.L, '__host');
  }

  static async create(host: HostCallback): Promise<LuaVm> {
    return new LuaVm(await luaModule(), host);
  }

  private get current(): number {
    return this.active.at(-1) ?? this.L;
  }

  /** Compiles and runs a chunk on the main thread; `chunkName` is what error positions name. */
  run(code: string, chunkName: string): void {
    const L = this.current;
    const top = this.lua.lua_gettop(L);
    const source = this.pushBytesTemporary(Buffer.from(code, 'utf8'), (pointer, length) =>
      this.lua.luaL_loadbufferx(L, pointer, length, chunkName, 't'),
    );
    if (source !== LUA_OK) {
      const message = this.readString(L, -1);
      this.lua.lua_settop(L, top);
      throw new LuaError(message);
    }
    this.pcall(L, 0, top);
  }

  /** Calls global function `name` with `args`; its results, Lua strings as bytes. Throws LuaError. */
  call(name: string, ...args: LuaArg[]): LuaArg[] {
    if (this.closed) throw new LuaError('the Lua state is closed');
    const L = this.current;
    const top = this.lua.lua_gettop(L);
    this.lua.lua_getglobal(L, name);
    for (const arg of args) this.push(L, arg);
    return this.pcall(L, args.length, top);
  }

  private pcall(L: number, nargs: number, top: number): LuaArg[] {
    const status = this.lua.lua_pcallk(L, nargs, LUA_MULTRET, 0, 0, null);
    if (status !== LUA_OK) {
      const message = this.readString(L, -1);
      this.lua.lua_settop(L, top);
      throw new LuaError(message);
    }
    const results: LuaArg[] = [];
    for (let i = top + 1; i <= this.lua.lua_gettop(L); i++) results.push(this.read(L, i));
    this.lua.lua_settop(L, top);
    return results;
  }

  close(): void {
    if (this.closed) return;
    this.closed = true;
    states.delete(this.id);
    this.lua.lua_close(this.L);
  }

  get isClosed(): boolean {
    return this.closed;
  }

  /** Bytes the state's allocator holds, for leak checks. */
  memoryBytes(): number {
    return Number(this.call('__memory_kb')[0] ?? 0) * 1024;
  }

  // ---- the C boundary ------------------------------------------------------------------------

  /** Runs `__host`'s callback for thread L: (true, results…) or (false, message). */
  answer(L: number): number {
    const args: LuaArg[] = [];
    this.active.push(L);
    let results: LuaArg[];
    try {
      // Nothing may throw through the WebAssembly frames: every failure becomes (false, message).
      const count = this.lua.lua_gettop(L);
      for (let i = 1; i <= count; i++) args.push(this.read(L, i));
      const op = args.shift();
      const answer = this.host(Buffer.isBuffer(op) ? op.toString('latin1') : String(op), args);
      results = [true, ...(answer === undefined ? [] : Array.isArray(answer) ? answer : [answer])];
    } catch (error) {
      results = [false, Buffer.from(error instanceof Error ? error.message : String(error), 'utf8')];
    } finally {
      this.active.pop();
    }
    this.lua.lua_settop(L, 0);
    for (const result of results) this.push(L, result);
    return results.length;
  }

  private read(L: number, index: number): LuaArg {
    switch (this.lua.lua_type(L, index) as number) {
      case LUA_TNIL:
        return null;
      case LUA_TBOOLEAN:
        return this.lua.lua_toboolean(L, index) !== 0;
      case LUA_TNUMBER:
        return this.lua.lua_tonumberx(L, index, null);
      case LUA_TSTRING:
        return this.readBytes(L, index);
      default:
        throw new LuaError(`a ${this.lua.lua_typename(L, this.lua.lua_type(L, index))} cannot cross to JS here`);
    }
  }

  private readBytes(L: number, index: number): Buffer {
    const m = this.lua.module;
    const lengthPointer = m._malloc(4);
    try {
      const pointer = m.ccall('lua_tolstring', 'number', ['number', 'number', 'number'], [L, index, lengthPointer]) as number;
      const length = m.HEAPU32[lengthPointer >> 2];
      return Buffer.from(m.HEAPU8.subarray(pointer, pointer + length));
    } finally {
      m._free(lengthPointer);
    }
  }

  private readString(L: number, index: number): string {
    const value = this.read(L, index);
    return Buffer.isBuffer(value) ? value.toString('utf8') : String(value);
  }

  private push(L: number, value: LuaArg): void {
    if (value === null) this.lua.lua_pushnil(L);
    else if (typeof value === 'boolean') this.lua.lua_pushboolean(L, value ? 1 : 0);
    else if (typeof value === 'number') {
      if (Number.isInteger(value) && Math.abs(value) <= Number.MAX_SAFE_INTEGER) this.lua.lua_pushinteger(L, BigInt(value));
      else this.lua.lua_pushnumber(L, value);
    } else {
      // lua_pushlstring through ccall: wasmoon's wrapper reads the pushed string back as UTF-8.
      this.pushBytesTemporary(value, (pointer, length) =>
        this.lua.module.ccall('lua_pushlstring', 'number', ['number', 'number', 'number'], [L, pointer, length]),
      );
    }
  }

  private pushBytesTemporary<T>(bytes: Uint8Array, use: (pointer: number, length: number) => T): T {
    const m = this.lua.module;
    const pointer = m._malloc(Math.max(bytes.length, 1));
    try {
      m.HEAPU8.set(bytes, pointer);
      return use(pointer, bytes.length);
    } finally {
      m._free(pointer);
    }
  }
}

function hostEntry(lua: LuaWasm, L: number): number {
  const id = Number(lua.lua_tointegerx(L, LUA_REGISTRYINDEX - 1, null));
  const vm = states.get(id);
  if (!vm) {
    lua.lua_settop(L, 0);
    lua.lua_pushboolean(L, 0);
    lua.lua_pushstring(L, 'the host has closed this Lua state');
    return 2;
  }
  return vm.answer(L);
}
