/**
 * Jenkins' one-at-a-time hash as GTA V names its models with it: the hash of the UTF-8 bytes of
 * the name, A–Z lower-cased first (the game's model names are ASCII). FiveM's `GetHashKey`,
 * backtick literals and `joaat()` hand Lua the result as a signed 32-bit integer
 * (citizenfx/fivem@06d4d348:code/components/citizen-scripting-lua/src/LuaScriptNatives.cpp,
 * `static_cast<int32_t>(HashString(str))`), and that signed value is what ESX stores as
 * `vehicle.model` and QBCore/Qbox as `player_vehicles.hash`; so this returns it signed too.
 */
const encoder = new TextEncoder();

export function joaat(name: string): number {
  let hash = 0;
  for (const byte of encoder.encode(name)) {
    hash = (hash + (byte >= 0x41 && byte <= 0x5a ? byte + 0x20 : byte)) | 0;
    hash = (hash + (hash << 10)) | 0;
    hash ^= hash >>> 6;
  }
  hash = (hash + (hash << 3)) | 0;
  hash ^= hash >>> 11;
  return (hash + (hash << 15)) | 0;
}

/**
 * A model hash as stored, read as the signed int32 the game means: ESX's number (some writers
 * store it unsigned, e.g. 4278019151 for -16948145), QBCore's string of digits. Null when the
 * value holds no integer.
 */
export function asModelHash(value: unknown): number | null {
  const n = typeof value === 'number' ? value : typeof value === 'string' && /^\s*[+-]?\d+\s*$/.test(value) ? Number(value) : Number.NaN;
  return Number.isInteger(n) && n >= -0x80000000 && n <= 0xffffffff ? n | 0 : null;
}
