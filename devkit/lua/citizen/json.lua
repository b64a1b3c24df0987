-- The `json` library of a CfxLua state (lua-rapidjson, configured by scheduler.lua with
-- empty_table_as_array and with_hole), written for this test runtime:
--   * encode: an empty table is []; a table whose keys are all positive integers is an array,
--     holes written as null (unless it is mostly holes: fewer than half its keys present past
--     index 16, then an object, as lua-cmsgpack's array-with-holes cut-off); other tables are
--     objects (integer keys as strings); vectors are objects {x, y, z[, w]}; json.null is null;
--     floats with no fraction keep a ".0"
--   * decode: null is json.null (a function, which msgpack packs as nil), arrays keep their holes

local rawtype = __cfx_vector.rawtype
local vectors = __cfx_vector
local mtype, concat, schar, sformat, sbyte, ssub, tonumber, tostring, next, error, pairs =
  math.type, table.concat, string.char, string.format, string.byte, string.sub, tonumber, tostring, next, error, pairs

json = {}

function json.null() return json.null end

local escapes = { ['"'] = '\\"', ['\\'] = '\\\\', ['\b'] = '\\b', ['\f'] = '\\f', ['\n'] = '\\n', ['\r'] = '\\r', ['\t'] = '\\t' }

local function encodeString(s)
  return '"' .. s:gsub('[%c"\\]', function(c)
    return escapes[c] or sformat('\\u%04x', sbyte(c))
  end) .. '"'
end

local function encodeNumber(n)
  if mtype(n) == 'integer' then return tostring(n) end
  if n ~= n or n == math.huge or n == -math.huge then error('json: cannot encode ' .. tostring(n)) end
  for digits = 15, 17 do
    local text = sformat('%.' .. digits .. 'g', n)
    if tonumber(text) == n then
      if not text:find('[%.eEn]') then text = text .. '.0' end
      return text
    end
  end
end

local encode

local function arrayBound(t)
  local count, max = 0, 0
  for k in next, t do
    if mtype(k) ~= 'integer' or k < 1 then return nil end
    count = count + 1
    if k > max then max = k end
  end
  if max == count or max < 16 or count >= (max >> 1) then return max end
  return nil
end

encode = function(v, out)
  local t = rawtype(v)
  if v == nil or v == json.null then out[#out + 1] = 'null'
  elseif t == 'boolean' then out[#out + 1] = v and 'true' or 'false'
  elseif t == 'number' then out[#out + 1] = encodeNumber(v)
  elseif t == 'string' then out[#out + 1] = encodeString(v)
  elseif t == 'table' then
    local kind = vectors.kind(v)
    if kind then
      local c = vectors.components(v)
      local parts = {}
      for i, field in ipairs(kind.fields) do parts[i] = encodeString(field) .. ':' .. encodeNumber(c[i]) end
      out[#out + 1] = '{' .. concat(parts, ',') .. '}'
      return
    end
    local n = arrayBound(v)
    if n then
      out[#out + 1] = '['
      for i = 1, n do
        if i > 1 then out[#out + 1] = ',' end
        encode(v[i], out)
      end
      out[#out + 1] = ']'
      return
    end
    out[#out + 1] = '{'
    local first = true
    for k, value in pairs(v) do
      if not first then out[#out + 1] = ',' end
      first = false
      out[#out + 1] = encodeString(tostring(k))
      out[#out + 1] = ':'
      encode(value, out)
    end
    out[#out + 1] = '}'
  else
    error('json: cannot encode a ' .. t)
  end
end

function json.encode(v)
  local out = {}
  encode(v, out)
  return concat(out)
end

local decodeValue

local function skip(s, pos)
  return (s:find('[^ \t\r\n]', pos)) or #s + 1
end

local function utf8Char(code)
  return utf8.char(code)
end

local function decodeString(s, pos)
  local out = {}
  local i = pos + 1
  while true do
    local c = ssub(s, i, i)
    if c == '' then error('json: unterminated string') end
    if c == '"' then return concat(out), i + 1 end
    if c == '\\' then
      local e = ssub(s, i + 1, i + 1)
      local simple = ({ b = '\b', f = '\f', n = '\n', r = '\r', t = '\t', ['"'] = '"', ['\\'] = '\\', ['/'] = '/' })[e]
      if simple then
        out[#out + 1] = simple
        i = i + 2
      elseif e == 'u' then
        local code = tonumber(ssub(s, i + 2, i + 5), 16)
        i = i + 6
        if code >= 0xd800 and code <= 0xdbff and ssub(s, i, i + 1) == '\\u' then
          local low = tonumber(ssub(s, i + 2, i + 5), 16)
          if low and low >= 0xdc00 and low <= 0xdfff then
            code = 0x10000 + ((code - 0xd800) << 10) + (low - 0xdc00)
            i = i + 6
          end
        end
        out[#out + 1] = utf8Char(code)
      else
        error('json: bad escape')
      end
    else
      local j = s:find('["\\]', i) or #s + 1
      out[#out + 1] = ssub(s, i, j - 1)
      i = j
    end
  end
end

decodeValue = function(s, pos)
  pos = skip(s, pos)
  local c = ssub(s, pos, pos)
  if c == '{' then
    local t = {}
    pos = skip(s, pos + 1)
    if ssub(s, pos, pos) == '}' then return t, pos + 1 end
    while true do
      pos = skip(s, pos)
      if ssub(s, pos, pos) ~= '"' then error('json: object key expected') end
      local key
      key, pos = decodeString(s, pos)
      pos = skip(s, pos)
      if ssub(s, pos, pos) ~= ':' then error('json: colon expected') end
      t[key], pos = decodeValue(s, pos + 1)
      pos = skip(s, pos)
      local d = ssub(s, pos, pos)
      if d == '}' then return t, pos + 1 end
      if d ~= ',' then error('json: comma expected') end
      pos = pos + 1
    end
  elseif c == '[' then
    local t, n = {}, 0
    pos = skip(s, pos + 1)
    if ssub(s, pos, pos) == ']' then return t, pos + 1 end
    while true do
      n = n + 1
      t[n], pos = decodeValue(s, pos)
      pos = skip(s, pos)
      local d = ssub(s, pos, pos)
      if d == ']' then return t, pos + 1 end
      if d ~= ',' then error('json: comma expected') end
      pos = pos + 1
    end
  elseif c == '"' then
    return decodeString(s, pos)
  elseif ssub(s, pos, pos + 3) == 'true' then return true, pos + 4
  elseif ssub(s, pos, pos + 4) == 'false' then return false, pos + 5
  elseif ssub(s, pos, pos + 3) == 'null' then return json.null, pos + 4
  else
    local text = s:match('^-?%d+%.?%d*[eE]?[-+]?%d*', pos)
    if not text or text == '' then error(('json: unexpected character at %d'):format(pos)) end
    local n = math.tointeger(tonumber(text))
    if n == nil or text:find('[%.eE]') then n = tonumber(text) + 0.0 end
    return n, pos + #text
  end
end

--- The value `s` holds; nil and a message when it is not JSON.
function json.decode(s)
  if rawtype(s) ~= 'string' then return nil, 'json.decode expects a string' end
  local ok, value, pos = pcall(decodeValue, s, 1)
  if not ok then return nil, value end
  if skip(s, pos) <= #s then return nil, 'json: trailing characters' end
  return value
end
