/**
 * FXServer unpacks what a JS resource receives with the msgpack codec of that resource's own
 * runtime (citizenfx/fivem data/shared/citizen/scripting/v8/main.js, loaded in each resource's
 * context): the objects, arrays and ArrayBuffers are built in the receiver's realm at once. The
 * same codec (msgpack-lite, bundled from npm) is evaluated here once in each resource's vm
 * context, so a crossing costs one pack and one unpack, as on a real server, not an unpack in the
 * host's realm and a second copy into the resource's.
 */
import { dirname } from 'node:path';
import vm from 'node:vm';
import { buildSync } from 'esbuild';

/** What the codec in a realm asks of the host: vectors and other extension types, function references. */
export interface UnpackHooks {
  /** An extension value other than a function reference, as the host's codec builds it (ExtBuffer). */
  ext(bytes: Uint8Array, type: number): unknown;
}

/** Unpacks bytes in the realm; `ref` builds the host-side callable for a function reference id. */
export type RealmUnpacker = (bytes: Uint8Array, ref: (id: number) => (...args: unknown[]) => unknown) => unknown;

const FUNCTION_REF_EXT = 10;

/**
 * The codec's factory, run inside a context: the runtime's options (docs/platform.md), function
 * references (ext 10) wrapped in a function of the realm, every other extension type handed to
 * the host (msgpack-lite's default for those would be the bundle's own ExtBuffer class, which
 * `instanceof` checks and the host's packer would not recognise).
 */
const ENTRY = `
const msgpack = require('msgpack-lite');
module.exports = (hooks) => {
  const codec = msgpack.createCodec({ uint8array: true, preset: false, binarraybuffer: true });
  let ref = null;
  codec.addExtUnpacker(${FUNCTION_REF_EXT}, (buffer) => {
    if (!ref) throw new Error('function reference decoded outside a clone');
    const id = ((buffer[0] << 24) | (buffer[1] << 16) | (buffer[2] << 8) | buffer[3]) >>> 0;
    const fn = ref(id);
    return function () { return fn.apply(this, arguments); };
  });
  // msgpack-lite reads the type as an unsigned byte: a Lua runtime's negative ext types arrive as 128–255.
  for (let type = 0; type < 256; type++)
    if (type !== ${FUNCTION_REF_EXT}) codec.addExtUnpacker(type, (buffer) => hooks.ext(buffer, type));
  return (bytes, makeRef) => {
    const previous = ref;
    ref = makeRef;
    try {
      // The bytes in an ArrayBuffer of this realm, which the ArrayBuffers of msgpack bins are
      // sliced from; a Buffer (what a Lua runtime packed) stays a Buffer, so its strings are
      // decoded by Buffer, invalid UTF-8 becoming U+FFFD, not read on into the next value.
      const own = new ArrayBuffer(bytes.byteLength);
      new Uint8Array(own).set(bytes);
      return msgpack.decode(Buffer.isBuffer(bytes) ? Buffer.from(own) : new Uint8Array(own), { codec });
    } finally {
      ref = previous;
    }
  };
};`;

let compiled: vm.Script | undefined;

/** The bundle, compiled once per process: a script whose value is the factory. */
function script(): vm.Script {
  if (compiled) return compiled;
  const { outputFiles } = buildSync({
    stdin: { contents: ENTRY, resolveDir: dirname(require.resolve('msgpack-lite/package.json')), loader: 'js' },
    bundle: true,
    write: false,
    format: 'cjs',
    platform: 'node',
    // The stream classes msgpack-lite's index loads are never used here; node:stream resolves at run time.
    external: ['stream'],
  });
  const code = `(function (require) { const module = { exports: {} }; const exports = module.exports;\n${outputFiles[0].text}\nreturn module.exports; })`;
  compiled = new vm.Script(code, { filename: 'host:msgpack-lite (resource runtime codec)' });
  return compiled;
}

/** The codec of `context`'s runtime. The context must hold the globals the codec reads (Buffer). */
export function realmUnpacker(context: vm.Context, hooks: UnpackHooks): RealmUnpacker {
  const wrapper = script().runInContext(context) as (require: NodeRequire) => (hooks: UnpackHooks) => RealmUnpacker;
  return wrapper(require)(hooks);
}
