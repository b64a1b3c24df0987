/**
 * Cloning of every value that crosses a resource boundary, as FXServer does it: msgpack with the
 * runtime's codec options (docs/platform.md#values-across-the-boundary), functions travelling as
 * references (ext 10) that call back into the resource that sent them.
 *
 * A reference lives as long as the function the receiver got for it: FXServer holds that function
 * weakly and, once the receiver's GC collects it, deletes the reference in the sender's runtime
 * (citizen-scripting-v8 V8ScriptRuntime.cpp, FnRefWeakCallback → DeleteRef on the next tick). A
 * FinalizationRegistry does the same here, so a script that drops its callbacks frees them.
 */
import msgpack from 'msgpack-lite';
// msgpack-lite's class for extension types it has no unpacker for (the vectors, ext 20–23, a Lua
// resource sends): a receiver gets it as is, `{buffer, type}` (citizenfx/fivem
// data/shared/citizen/scripting/v8/main.js registers unpackers for ext 10 and 11 only).
import { ExtBuffer } from 'msgpack-lite/lib/ext-buffer';

export { ExtBuffer };

/**
 * A value already packed by a runtime that packs its own values (a Lua resource, whose
 * lua-cmsgpack rules differ from the JS codec's): it crosses as these bytes, never re-encoded.
 */
export class Packed {
  constructor(readonly bytes: Uint8Array) {}
}

/** Marker packed in place of a function; its id names the function in the registry. */
class FunctionRef {
  constructor(readonly id: number) {}
}

const FUNCTION_REF_EXT = 10;

export type RefCaller = (id: number, args: unknown[]) => unknown;

export class BoundaryCodec {
  private readonly codec = msgpack.createCodec({ uint8array: true, preset: false, binarraybuffer: true } as never);
  private readonly functions = new Map<number, { fn: (...args: unknown[]) => unknown; owner: string; release?: () => void }>();
  private nextId = 1;
  private readonly collected = new FinalizationRegistry<number>((id) => this.forget(id));
  /** Set for the duration of one decode: builds the callable stand-in for a function reference. */
  private makeCallable: ((id: number) => unknown) | null = null;
  private encodingOwner = '';

  constructor() {
    const encode = (this.codec as unknown as { encode: (encoder: unknown, value: unknown) => void }).encode;
    // msgpack-lite writes functions as nil; FXServer packs them as references instead.
    (this.codec as unknown as { encode: (encoder: unknown, value: unknown) => void }).encode = (encoder, value) =>
      encode(encoder, typeof value === 'function' ? new FunctionRef(this.register(value as never)) : value);
    this.codec.addExtPacker(FUNCTION_REF_EXT, FunctionRef as never, (ref: FunctionRef) => {
      const buffer = Buffer.alloc(4);
      buffer.writeUInt32BE(ref.id);
      return buffer;
    });
    this.codec.addExtUnpacker(FUNCTION_REF_EXT, (buffer: Uint8Array) => {
      const id = Buffer.from(buffer).readUInt32BE(0);
      if (!this.makeCallable) throw new Error('function reference decoded outside a clone');
      return this.held(id, this.makeCallable(id) as object);
    });
  }

  /** `callable`, the receiver's function for reference `id`: the reference lives as long as it does. */
  held<T extends object>(id: number, callable: T): T {
    this.collected.register(callable, id);
    return callable;
  }

  private register(fn: (...args: unknown[]) => unknown): number {
    return this.registerFunction(fn, this.encodingOwner);
  }

  /**
   * A reference to `fn`, sent by `owner`: what a runtime packing its own values (Lua) writes as
   * the body of its ext 10. `release` runs when the reference is deleted.
   */
  registerFunction(fn: (...args: unknown[]) => unknown, owner: string, release?: () => void): number {
    const id = this.nextId++;
    this.functions.set(id, { fn, owner, release });
    return id;
  }

  private forget(id: number): void {
    const entry = this.functions.get(id);
    this.functions.delete(id);
    entry?.release?.();
  }

  /** The function behind a reference and the resource that sent it. */
  lookup(id: number): { fn: (...args: unknown[]) => unknown; owner: string } {
    const entry = this.functions.get(id);
    if (!entry) throw new Error(`function reference ${id} is no longer valid`);
    return entry;
  }

  /** Function references whose receiving function has not been collected yet. */
  get heldReferences(): number {
    return this.functions.size;
  }

  /** Forgets the references a stopped resource handed out, as its refs die with it. */
  forgetOwner(owner: string): void {
    for (const [id, entry] of this.functions) if (entry.owner === owner) this.forget(id);
  }

  /**
   * Encodes `value` as sent by `owner` and decodes it as the receiver sees it. Throws like the
   * runtime on what msgpack cannot carry (BigInt).
   */
  clone(value: unknown, owner: string, makeCallable: (id: number) => unknown): unknown {
    return this.decode(this.encode(value, owner), makeCallable);
  }

  /** Packs `value` as a JS runtime sent by `owner` does. Throws on what msgpack cannot carry (BigInt). */
  encode(value: unknown, owner: string): Uint8Array {
    this.encodingOwner = owner;
    return msgpack.encode(value, { codec: this.codec });
  }

  /** Unpacks bytes as a JS runtime receives them; `makeCallable` builds the function for a reference. */
  decode(bytes: Uint8Array, makeCallable: (id: number) => unknown): unknown {
    const previous = this.makeCallable;
    this.makeCallable = makeCallable;
    try {
      return msgpack.decode(bytes, { codec: this.codec });
    } finally {
      this.makeCallable = previous;
    }
  }
}
