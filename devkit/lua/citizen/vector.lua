-- CfxLua's vector types (vector2, vector3, vector4, quat) for a stock Lua 5.4: values whose
-- components are float32, whose type() names them, and which msgpack packs as extension types
-- 20-23, little-endian float32s (citizenfx/lua-cmsgpack grit lua_cmsgpack.h lua_pack_vector).
-- Here they are tables with a metatable; their components live outside the table, so pairs()
-- sees nothing, as on a CfxLua vector.

local spack, sunpack = string.pack, string.unpack
local rawtype, sqrt, select, error = type, math.sqrt, select, error

local components = setmetatable({}, { __mode = 'k' })
local kinds = {}   -- metatable -> { name, ext, fields }

local function float32(n)
  if rawtype(n) ~= 'number' then error('bad vector component (number expected, got ' .. rawtype(n) .. ')', 3) end
  return (sunpack('<f', spack('<f', n)))
end

local function define(name, ext, fields)
  local mt = {}
  local kind = { name = name, ext = ext, fields = fields, mt = mt }
  kinds[mt] = kind
  local index = {}
  for i, field in ipairs(fields) do index[field] = i end

  local function make(...)
    local v = setmetatable({}, mt)
    local c = {}
    for i = 1, #fields do c[i] = float32(select(i, ...) or 0.0) end
    components[v] = c
    return v
  end
  kind.make = make

  mt.__index = function(v, key)
    local c = components[v]
    local i = index[key]
    if i then return c[i] end
    if rawtype(key) == 'string' and #key >= 2 and #key <= 4 and key:match('^[xyzw]+$') then
      local out = {}
      for j = 1, #key do
        local k = index[key:sub(j, j)]
        if not k then return nil end
        out[j] = c[k]
      end
      local target = ({ 'vector2', 'vector3', 'vector4' })[#key - 1]
      return _G[target](table.unpack(out))
    end
    return nil
  end
  mt.__newindex = function(v, key, value)
    local i = index[key]
    if not i then error(('cannot set field %s of a %s'):format(tostring(key), name), 2) end
    components[v][i] = float32(value)
  end
  mt.__len = function(v)
    local sum = 0.0
    for _, x in ipairs(components[v]) do sum = sum + x * x end
    return sqrt(sum)
  end
  mt.__eq = function(a, b)
    local ca, cb = components[a], components[b]
    if not ca or not cb or #ca ~= #cb then return false end
    for i = 1, #ca do if ca[i] ~= cb[i] then return false end end
    return true
  end
  local function arith(op)
    return function(a, b)
      local ca, cb = components[a], components[b]
      local out = {}
      for i = 1, #fields do
        local x = ca and ca[i] or a
        local y = cb and cb[i] or b
        out[i] = op(x, y)
      end
      return make(table.unpack(out))
    end
  end
  mt.__add = arith(function(x, y) return x + y end)
  mt.__sub = arith(function(x, y) return x - y end)
  mt.__mul = arith(function(x, y) return x * y end)
  mt.__div = arith(function(x, y) return x / y end)
  mt.__unm = function(v) return make(table.unpack((function() local o = {} for i, x in ipairs(components[v]) do o[i] = -x end return o end)())) end
  mt.__tostring = function(v)
    local parts = {}
    for i, x in ipairs(components[v]) do parts[i] = tostring(x) end
    return name .. '(' .. table.concat(parts, ', ') .. ')'
  end
  -- msgpack: an extension type whose body is the components as little-endian float32s.
  mt.__ext = ext
  mt.__pack = function(v)
    return spack('<' .. ('f'):rep(#fields), table.unpack(components[v]))
  end
  return make
end

vector2 = define('vector2', 20, { 'x', 'y' })
vector3 = define('vector3', 21, { 'x', 'y', 'z' })
vector4 = define('vector4', 22, { 'x', 'y', 'z', 'w' })
quat = define('quat', 23, { 'w', 'x', 'y', 'z' })
vec2, vec3, vec4 = vector2, vector3, vector4

function vec(...)
  local n = select('#', ...)
  if n == 2 then return vector2(...) elseif n == 3 then return vector3(...) elseif n == 4 then return vector4(...) end
  error('vec expects 2 to 4 components', 2)
end

-- type() names a vector as CfxLua does.
function type(v)
  local t = rawtype(v)
  if t == 'table' then
    local kind = kinds[getmetatable(v)]
    if kind then return kind.name end
  end
  return t
end

-- For msgpack and json: the kind of a vector (name, ext, fields) and its components, or nil.
__cfx_vector = {
  rawtype = rawtype,
  kind = function(v)
    return rawtype(v) == 'table' and kinds[getmetatable(v)] or nil
  end,
  components = function(v) return components[v] end,
  byExt = (function()
    local out = {}
    for _, kind in pairs(kinds) do out[kind.ext] = kind end
    return out
  end)(),
}
