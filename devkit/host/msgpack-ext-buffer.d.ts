/** msgpack-lite's extension value, which @types/msgpack-lite does not declare. */
declare module 'msgpack-lite/lib/ext-buffer' {
  export class ExtBuffer {
    constructor(buffer: Uint8Array, type: number);
    buffer: Buffer;
    type: number;
  }
}
