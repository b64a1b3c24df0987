-- What every framework stand-in shares, loaded before its own scripts: the configuration the
-- test gave (the global Standin, set by devkit/lua/frameworks.ts), fault modes for failure tests,
-- and the Standin_* functions a test calls through LuaResource.call (never exports, so the
-- resource under test sees only what the real framework offers).

Standin = Standin or {}

-- Fault modes: 'throw' (the export raises an error), 'hang' (it never answers: the caller waits
-- forever), 'garbage' (it answers Standin.garbage, nonsense by default), nil (it works).
local fault = { mode = nil, names = nil, value = nil }

function Standin_fault(mode, names, value)
  fault.mode = mode
  fault.names = nil
  if names then
    fault.names = {}
    for _, name in ipairs(names) do fault.names[name] = true end
  end
  fault.value = value
end

local NONSENSE = { PlayerData = 'nonsense', [1] = true, money = -1 }

-- How often each export was called, so a test can tell which path the resource under test took.
local calls = {}

function Standin_calls() return calls end

--- exports(name, fn) with the fault modes in front, each call counted.
function StandinExport(name, fn)
  exports(name, function(...)
    calls[name] = (calls[name] or 0) + 1
    if fault.mode and (not fault.names or fault.names[name]) then
      if fault.mode == 'throw' then error(('stand-in fault: %s throws'):format(name)) end
      if fault.mode == 'hang' then Citizen.Await(promise.new()) end
      if fault.mode == 'garbage' then
        if fault.value ~= nil then return fault.value end
        return NONSENSE
      end
    end
    return fn(...)
  end)
end

--- JSON text from a database row, decoded as the frameworks decode it (json.decode).
function StandinDecode(text, default)
  if type(text) ~= 'string' then return default end
  local value = json.decode(text)
  if value == nil then return default end
  return value
end
