-- The `msgpack` library of a CfxLua state: lua-cmsgpack (citizenfx/lua-cmsgpack, branch grit)
-- built with LUACMSGPACK_COMPAT and configured by scheduler.lua as string_compat, unsigned
-- integers, arrays without holes and empty tables as arrays. Written for this test runtime from
-- those rules:
--   * integers: the smallest msgpack-c form; non-negative ones as uint (msgpack_pack_int64)
--   * floats: float64 (MP_NUMBER_AS_DOUBLE on 64-bit builds)
--   * strings: msgpack v4 raw (fixraw, raw16, raw32), never str8
--   * tables: an array iff every key is an integer >= 1 and the largest equals the count (an
--     empty table too); otherwise a map; a table at nesting level 16 packs as nil
--   * a metatable's __ext/__pack gives an extension type (vectors 20-23, function references 10);
--     only the table's own fields are packed
--   * functions: extension 10, a reference made by Citizen.GetFunctionReference; json.null: nil
-- Unpacking: map entries whose key or value is nil are dropped; arrays keep their holes and size;
-- bin is a string; ext 20-23 are vectors, ext 10/11 function references, any other ext its raw
-- bytes; an unsigned integer beyond the Lua integer range is a float.

local spack, sunpack, schar, sbyte, ssub = string.pack, string.unpack, string.char, string.byte, string.sub
local mtype, next, rawget, getmetatable = math.type, next, rawget, getmetatable
local concat, tpack, tunpack, select, error, tostring = table.concat, table.pack, table.unpack, select, error, tostring
local vectors = __cfx_vector
local rawtype = vectors.rawtype

local MAX_NESTING = 16
local EXT_FUNCREF, EXT_LOCALFUNCREF = 10, 11

msgpack = {}

-- Set by scheduler.lua: the table a function reference unpacks to, and json.null.
local funcref = nil
local nullValue = nil
function msgpack.__bind(makeFuncref, null)
  funcref, nullValue = makeFuncref, null
end

local encode

local function encodeInteger(out, n)
  if n >= 0 then
    if n < 0x80 then out[#out + 1] = schar(n)
    elseif n < 0x100 then out[#out + 1] = spack('>BB', 0xcc, n)
    elseif n < 0x10000 then out[#out + 1] = spack('>BI2', 0xcd, n)
    elseif n < 0x100000000 then out[#out + 1] = spack('>BI4', 0xce, n)
    else out[#out + 1] = spack('>Bi8', 0xcf, n) end
  else
    if n >= -32 then out[#out + 1] = schar(n & 0xff)
    elseif n >= -0x80 then out[#out + 1] = spack('>Bi1', 0xd0, n)
    elseif n >= -0x8000 then out[#out + 1] = spack('>Bi2', 0xd1, n)
    elseif n >= -0x80000000 then out[#out + 1] = spack('>Bi4', 0xd2, n)
    else out[#out + 1] = spack('>Bi8', 0xd3, n) end
  end
end

local function encodeRaw(out, s)
  local len = #s
  if len < 32 then out[#out + 1] = schar(0xa0 | len)
  elseif len < 0x10000 then out[#out + 1] = spack('>BI2', 0xda, len)
  else out[#out + 1] = spack('>BI4', 0xdb, len) end
  out[#out + 1] = s
end

local function encodeExt(out, ext, body)
  local len = #body
  local fixed = ({ [1] = 0xd4, [2] = 0xd5, [4] = 0xd6, [8] = 0xd7, [16] = 0xd8 })[len]
  if fixed then out[#out + 1] = spack('>Bb', fixed, ext)
  elseif len < 0x100 then out[#out + 1] = spack('>BBb', 0xc7, len, ext)
  elseif len < 0x10000 then out[#out + 1] = spack('>BI2b', 0xc8, len, ext)
  else out[#out + 1] = spack('>BI4b', 0xc9, len, ext) end
  out[#out + 1] = body
end

local function arrayLength(t)
  local count, max = 0, 0
  for k in next, t do
    if mtype(k) == 'integer' and k >= 1 then
      count = count + 1
      if k > max then max = k end
    else
      return nil
    end
  end
  if max == count then return max end
  return nil
end

local function encodeTable(out, t, level)
  local mt = getmetatable(t)
  local ext = mt and rawget(mt, '__ext')
  if mtype(ext) == 'integer' then
    local pack = rawget(mt, '__pack')
    if rawtype(pack) ~= 'function' then error('msgpack extension type: not registered!') end
    local body = pack(t, ext)
    if rawtype(body) ~= 'string' then error(('invalid encoder result from encoder <%d>'):format(ext)) end
    encodeExt(out, ext, body)
    return
  end
  local n = arrayLength(t)
  if n then
    if n < 16 then out[#out + 1] = schar(0x90 | n)
    elseif n < 0x10000 then out[#out + 1] = spack('>BI2', 0xdc, n)
    else out[#out + 1] = spack('>BI4', 0xdd, n) end
    for i = 1, n do encode(out, rawget(t, i), level + 1) end
    return
  end
  local count = 0
  for _ in next, t do count = count + 1 end
  if count < 16 then out[#out + 1] = schar(0x80 | count)
  elseif count < 0x10000 then out[#out + 1] = spack('>BI2', 0xde, count)
  else out[#out + 1] = spack('>BI4', 0xdf, count) end
  for k, v in next, t do
    encode(out, k, level + 1)
    encode(out, v, level + 1)
  end
end

encode = function(out, v, level)
  local t = rawtype(v)
  if t == 'nil' then out[#out + 1] = '\xc0'
  elseif t == 'boolean' then out[#out + 1] = v and '\xc3' or '\xc2'
  elseif t == 'number' then
    if mtype(v) == 'integer' then encodeInteger(out, v)
    else out[#out + 1] = spack('>Bd', 0xcb, v) end
  elseif t == 'string' then encodeRaw(out, v)
  elseif t == 'table' then
    if level == MAX_NESTING then out[#out + 1] = '\xc0'
    else encodeTable(out, v, level) end
  elseif t == 'function' then
    if v == nullValue then out[#out + 1] = '\xc0'
    else encodeExt(out, EXT_FUNCREF, spack('>I4', Citizen.GetFunctionReference(v))) end
  else
    error(('type <%s> cannot be msgpack\'d'):format(t))
  end
end

--- Packs each argument, one after the other.
function msgpack.pack(...)
  local out = {}
  for i = 1, select('#', ...) do encode(out, (select(i, ...)), 0) end
  return concat(out)
end

--- Packs the arguments as one array, nils included (select('#', ...) elements).
function msgpack.pack_args(...)
  local n = select('#', ...)
  local out = {}
  if n < 16 then out[1] = schar(0x90 | n)
  elseif n < 0x10000 then out[1] = spack('>BI2', 0xdc, n)
  else out[1] = spack('>BI4', 0xdd, n) end
  for i = 1, n do encode(out, (select(i, ...)), 0) end
  return concat(out)
end

local decode

local function decodeArray(s, pos, n)
  -- Sized like lua_createtable(n): holes stay holes and the border (#) stays where the data ends.
  local values = {}
  for i = 1, n do values[i], pos = decode(s, pos) end
  local t = tpack(tunpack(values, 1, n))
  t.n = nil
  return t, pos
end

local function decodeMap(s, pos, n)
  local t = {}
  local k, v
  for _ = 1, n do
    k, pos = decode(s, pos)
    v, pos = decode(s, pos)
    if k ~= nil and v ~= nil and k == k then t[k] = v end
  end
  return t, pos
end

local function decodeExt(ext, body)
  local kind = vectors.byExt[ext]
  if kind then
    local n = #kind.fields
    if #body < n * 4 then return body end
    return kind.make(sunpack('<' .. ('f'):rep(n), body))
  end
  if ext == EXT_FUNCREF or ext == EXT_LOCALFUNCREF then
    return funcref((sunpack('>I4', body)))
  end
  return body
end

local function uint64(s, pos)
  local n = sunpack('>i8', s, pos)
  if n < 0 then n = (n & 0x7fffffffffffffff) + 9223372036854775808.0 end
  return n
end

decode = function(s, pos)
  local b = sbyte(s, pos)
  if b == nil then error('msgpack: truncated data') end
  if b < 0x80 then return b, pos + 1 end
  if b >= 0xe0 then return b - 0x100, pos + 1 end
  if b >= 0xa0 and b <= 0xbf then
    local n = b & 0x1f
    return ssub(s, pos + 1, pos + n), pos + 1 + n
  end
  if b >= 0x90 and b <= 0x9f then return decodeArray(s, pos + 1, b & 0x0f) end
  if b >= 0x80 and b <= 0x8f then return decodeMap(s, pos + 1, b & 0x0f) end
  if b == 0xc0 then return nil, pos + 1 end
  if b == 0xc2 then return false, pos + 1 end
  if b == 0xc3 then return true, pos + 1 end
  if b == 0xc4 or b == 0xd9 then local n = sbyte(s, pos + 1) return ssub(s, pos + 2, pos + 1 + n), pos + 2 + n end
  if b == 0xc5 or b == 0xda then local n = sunpack('>I2', s, pos + 1) return ssub(s, pos + 3, pos + 2 + n), pos + 3 + n end
  if b == 0xc6 or b == 0xdb then local n = sunpack('>I4', s, pos + 1) return ssub(s, pos + 5, pos + 4 + n), pos + 5 + n end
  if b == 0xc7 then local n, ext = sunpack('>Bb', s, pos + 1) return decodeExt(ext, ssub(s, pos + 3, pos + 2 + n)), pos + 3 + n end
  if b == 0xc8 then local n, ext = sunpack('>I2b', s, pos + 1) return decodeExt(ext, ssub(s, pos + 4, pos + 3 + n)), pos + 4 + n end
  if b == 0xc9 then local n, ext = sunpack('>I4b', s, pos + 1) return decodeExt(ext, ssub(s, pos + 6, pos + 5 + n)), pos + 6 + n end
  if b == 0xca then return (sunpack('>f', s, pos + 1)), pos + 5 end
  if b == 0xcb then return (sunpack('>d', s, pos + 1)), pos + 9 end
  if b == 0xcc then return sbyte(s, pos + 1), pos + 2 end
  if b == 0xcd then return (sunpack('>I2', s, pos + 1)), pos + 3 end
  if b == 0xce then return (sunpack('>I4', s, pos + 1)), pos + 5 end
  if b == 0xcf then return uint64(s, pos + 1), pos + 9 end
  if b == 0xd0 then return (sunpack('>i1', s, pos + 1)), pos + 2 end
  if b == 0xd1 then return (sunpack('>i2', s, pos + 1)), pos + 3 end
  if b == 0xd2 then return (sunpack('>i4', s, pos + 1)), pos + 5 end
  if b == 0xd3 then return (sunpack('>i8', s, pos + 1)), pos + 9 end
  if b >= 0xd4 and b <= 0xd8 then
    local n = 1 << (b - 0xd4)
    local ext = sunpack('>b', s, pos + 1)
    return decodeExt(ext, ssub(s, pos + 2, pos + 1 + n)), pos + 2 + n
  end
  if b == 0xdc then return decodeArray(s, pos + 3, (sunpack('>I2', s, pos + 1))) end
  if b == 0xdd then return decodeArray(s, pos + 5, (sunpack('>I4', s, pos + 1))) end
  if b == 0xde then return decodeMap(s, pos + 3, (sunpack('>I2', s, pos + 1))) end
  if b == 0xdf then return decodeMap(s, pos + 5, (sunpack('>I4', s, pos + 1))) end
  error(('msgpack: unknown type byte 0x%02x'):format(b))
end

--- Every value packed in `s`, in order.
function msgpack.unpack(s)
  if rawtype(s) ~= 'string' then error('msgpack.unpack expects a string', 2) end
  local values, n, pos = {}, 0, 1
  while pos <= #s do
    n = n + 1
    values[n], pos = decode(s, pos)
  end
  return tunpack(values, 1, n)
end
