-- The Citizen runtime of a CfxLua server state, written for this test runtime after the
-- behaviour of citizenfx/fivem data/shared/citizen/scripting/lua/scheduler.lua and deferred.lua
-- (the project's docs/live.md describes what a Lua caller sees):
--   * threads: Citizen.CreateThread (first run on the next tick), CreateThreadNow (runs at once,
--     answers whether it yielded), Wait(ms), SetTimeout; every resource file's main chunk, every
--     event handler and every call into Lua from another resource runs in its own thread
--   * promise (deferred.lua) and Citizen.Await, which parks the thread until the promise settles;
--     a JS Promise settling resumes it at once, inside that settlement
--   * events: AddEventHandler/RegisterNetEvent/TriggerEvent, `source` set while a handler runs
--   * exports: exports(name, fn); exports.res:name(...) resolved at first access, cached per
--     resource until it stops, calls through a function reference with the await built in,
--     failures wrapped by exportProcessResult's text
--   * function references: Lua functions packed as msgpack ext 10, references unpacked as
--     callable tables
-- Everything reaches the host through one C function, __host(op, ...), answered by
-- devkit/lua/lua-resource.ts.

local host = __host
__host = nil
local rawtype = __cfx_vector.rawtype
local tpack, tunpack, select, error, pcall, xpcall, tostring = table.pack, table.unpack, select, error, pcall, xpcall, tostring
local co_create, co_resume, co_status, co_yield, co_running = coroutine.create, coroutine.resume, coroutine.status, coroutine.yield, coroutine.running

--- Calls the host; raises its error at the caller of the function that called this.
local function hostCall(op, ...)
  local r = tpack(host(op, ...))
  if not r[1] then error(r[2], 3) end
  return tunpack(r, 2, r.n)
end

Citizen = {}

-- ---- errors --------------------------------------------------------------------------------

local function traceback(message)
  return debug.traceback(tostring(message), 2)
end

local function reportError(where, message)
  host('scriptError', where, tostring(message))
end

-- ---- threads -------------------------------------------------------------------------------

local sleeping = {}   -- thread -> wake time (ms, GetGameTimer)
local WAIT = {}       -- yielded by Wait, with the wake time

function GetGameTimer()
  return hostCall('time')
end

--- Resumes a thread; a yield from Wait puts it to sleep, any other yield parks it (Await).
local function resume(thread, ...)
  local ok, marker, wake = co_resume(thread, ...)
  if not ok then
    reportError('thread', debug.traceback(thread, tostring(marker)))
    return false
  end
  if co_status(thread) == 'dead' then return false end
  if marker == WAIT then sleeping[thread] = wake end
  return true
end

function Citizen.CreateThread(fn)
  sleeping[co_create(fn)] = -1
end

--- Runs fn in a new thread at once; true when it yielded (it goes on later).
function Citizen.CreateThreadNow(fn)
  return resume(co_create(fn))
end

function Citizen.Wait(ms)
  co_yield(WAIT, GetGameTimer() + (tonumber(ms) or 0))
end

function Citizen.SetTimeout(ms, fn)
  Citizen.CreateThread(function()
    Citizen.Wait(ms)
    fn()
  end)
end

CreateThread, Wait, SetTimeout = Citizen.CreateThread, Citizen.Wait, Citizen.SetTimeout

--- The resource tick (every 50 ms of the host's clock): threads whose time has come run.
function __cfx_tick(now)
  local due = {}
  for thread, wake in pairs(sleeping) do
    if wake <= now then due[#due + 1] = thread end
  end
  for _, thread in ipairs(due) do
    sleeping[thread] = nil
    resume(thread)
  end
end

-- ---- promises (deferred.lua) ---------------------------------------------------------------

local PENDING, RESOLVED, REJECTED = 0, 1, 2
promise = {}
promise.__index = promise

function promise.new()
  return setmetatable({ state = PENDING, queue = {} }, promise)
end

local function settle(p, state, value)
  if p.state ~= PENDING then return end
  p.state, p.value = state, value
  local queue = p.queue
  p.queue = nil
  for _, callback in ipairs(queue) do callback() end
end

function promise:resolve(value) settle(self, RESOLVED, value) end
function promise:reject(value) settle(self, REJECTED, value) end

function promise:next(onResolved, onRejected)
  local chained = promise.new()
  local function run()
    local handler = self.state == RESOLVED and onResolved or onRejected
    if not handler then
      settle(chained, self.state, self.value)
      return
    end
    local ok, result = pcall(handler, self.value)
    if ok then chained:resolve(result) else chained:reject(result) end
  end
  if self.state == PENDING then self.queue[#self.queue + 1] = run else run() end
  return chained
end

--- Parks the running thread until `p` settles: its value, or an error with its rejection.
function Citizen.Await(p)
  if rawtype(p) ~= 'table' or getmetatable(p) ~= promise then error('Citizen.Await expects a promise', 2) end
  if p.state == PENDING then
    -- Where the thread cannot yield, yielding raises Lua's own error, before anything waits.
    if not coroutine.isyieldable() then co_yield() end
    local thread = co_running()
    local function wake() resume(thread) end
    p:next(wake, wake)
    co_yield()
  end
  if p.state == REJECTED then error(p.value, 2) end
  return p.value
end

-- ---- function references -------------------------------------------------------------------

local functions = {}     -- local index -> function, for references this state handed out
local nextFunction = 0

--- A reference to fn that another resource can call (packed as msgpack ext 10).
function Citizen.GetFunctionReference(fn)
  nextFunction = nextFunction + 1
  functions[nextFunction] = fn
  return hostCall('makeRef', nextFunction)
end

function __cfx_deleteRef(index)
  functions[index] = nil
end

--- What a call into this state answers (scheduler.lua's ref-call routine): the packed list of
--- return values; nil when it failed; for a callee that yielded, one table whose
--- __cfx_async_retval(cb) gets cb(values, error) once it ends.
local function callIn(fn, argsBytes)
  local results, failure
  local pending = {}
  local args = msgpack.unpack(argsBytes) or {}
  local waited = Citizen.CreateThreadNow(function()
    local ok, err = xpcall(function() results = { fn(tunpack(args)) } end, traceback)
    if not ok then failure = err or '' end
    if pending.cb then
      pending.cb(results or false, failure)
    elseif failure then
      reportError('call ref', failure)
    end
  end)
  if not waited then
    if failure then return nil end
    return msgpack.pack(results)
  end
  return msgpack.pack({ { __cfx_async_retval = function(cb) pending.cb = cb end } })
end

function __cfx_callRef(index, argsBytes)
  local fn = functions[index]
  if not fn then return nil end
  return callIn(fn, argsBytes)
end

--- The values a call through a reference answered (scheduler.lua funcref __call): a
--- __cfx_async_retval is awaited here, so the caller never sees the promise.
local function receive(bytes)
  local rvs = bytes and msgpack.unpack(bytes)
  if rawtype(rvs) == 'table' and rawtype(rvs[1]) == 'table' and rawget(rvs[1], '__cfx_async_retval') and co_running() then
    local p = promise.new()
    rvs[1].__cfx_async_retval(function(r, e)
      if r then p:resolve(r) elseif e then p:reject(e) end
    end)
    return tunpack(Citizen.Await(p))
  end
  if not rvs then error() end
  return tunpack(rvs)
end

local funcref_mt = {
  __ext = 10,
  __pack = function(ref) return string.pack('>I4', rawget(ref, '__cfx_functionReference')) end,
  __call = function(ref, ...)
    return receive(hostCall('invokeRef', rawget(ref, '__cfx_functionReference'), msgpack.pack_args(...)))
  end,
}

local function makeFuncref(id)
  return setmetatable({ __cfx_functionReference = id }, funcref_mt)
end

msgpack.__bind(makeFuncref, json.null)

-- ---- events --------------------------------------------------------------------------------

local handlers = {}   -- event name -> list of functions

function AddEventHandler(name, fn)
  local list = handlers[name]
  if not list then
    list = {}
    handlers[name] = list
    hostCall('listen', name)
  end
  list[#list + 1] = fn
  return { key = #list, name = name }
end

function RemoveEventHandler(entry)
  local list = handlers[entry.name]
  if list then list[entry.key] = false end
end

function RegisterNetEvent(name, fn)
  hostCall('netSafe', name)
  if fn then return AddEventHandler(name, fn) end
end
RegisterServerEvent = RegisterNetEvent

function TriggerEvent(name, ...)
  hostCall('emit', name, msgpack.pack_args(...))
end

function TriggerClientEvent() end
function TriggerLatentClientEvent() end

--- An event reaching this state: every handler in its own thread, `source` set meanwhile.
function __cfx_event(name, payload, eventSource)
  local list = handlers[name]
  if not list then return end
  local args = msgpack.unpack(payload)
  if rawtype(args) ~= 'table' then return end
  local lastSource = source
  for _, fn in ipairs({ tunpack(list) }) do
    if fn then
      source = eventSource
      Citizen.CreateThreadNow(function()
        local ok, err = xpcall(fn, traceback, tunpack(args))
        if not ok then reportError('event ' .. name, err) end
      end)
    end
  end
  source = lastSource
end

-- ---- exports -------------------------------------------------------------------------------

local exported = {}   -- name -> function this resource exports
local resolved = {}   -- resource -> name -> host handle

local function exportProcessResult(resource, name, ok, ...)
  if not ok then
    local message = tostring((...))
    error(('\n^5 An error occurred while calling export `%s` in resource `%s`:\n  %s\n^5 ---'):format(name, resource, (message:gsub('\n', '\n  '))), 2)
  end
  return ...
end

local function callExport(handle, ...)
  return receive(hostCall('callExport', handle, msgpack.pack_args(...)))
end

exports = setmetatable({}, {
  __call = function(_, name, fn)
    exported[name] = fn
    hostCall('export', name)
  end,
  __index = function(_, resource)
    return setmetatable({}, {
      __index = function(_, name)
        resolved[resource] = resolved[resource] or {}
        local handle = resolved[resource][name]
        if not handle then
          local ok, result = pcall(hostCall, 'resolveExport', resource, name)
          if not ok then error(result, 2) end
          handle = result
          resolved[resource][name] = handle
        end
        return function(_, ...)
          return exportProcessResult(resource, name, pcall(callExport, handle, ...))
        end
      end,
      __newindex = function() error('cannot set values on an export resource', 2) end,
    })
  end,
  __newindex = function() error('cannot set values on exports', 2) end,
})

function __cfx_callExport(name, argsBytes)
  local fn = exported[name]
  if not fn then return nil end
  return callIn(fn, argsBytes)
end

--- A global function called by the test host (devkit/lua/lua-resource.ts LuaResource.call).
function __cfx_callGlobal(name, argsBytes)
  local fn = _G[name]
  if rawtype(fn) ~= 'function' then
    reportError('call', 'no global function ' .. tostring(name))
    return nil
  end
  return callIn(fn, argsBytes)
end

AddEventHandler('onServerResourceStop', function(resource)
  resolved[resource] = nil
end)

-- ---- natives -------------------------------------------------------------------------------

local function native(name)
  return function(...) return hostCall('native', name, ...) end
end

for _, name in ipairs({
  'GetCurrentResourceName', 'GetInvokingResource', 'GetConvar', 'GetConvarInt', 'GetResourceState',
  'GetResourcePath', 'GetNumPlayerIndices', 'GetPlayerFromIndex', 'GetPlayerName', 'GetNumPlayerIdentifiers',
  'GetPlayerIdentifier', 'GetPlayerIdentifierByType', 'GetPlayerPed', 'DoesEntityExist', 'GetEntityHeading',
  'GetEntityHealth', 'GetPedArmour', 'LoadResourceFile', 'GetResourceMetadata', 'GetNumResourceMetadata',
}) do
  _G[name] = native(name)
end

function GetConvarBool(name, default)
  return hostCall('native', 'GetConvarBool', name, default) == true
end

function GetEntityCoords(entity)
  return vector3(hostCall('native', 'GetEntityCoords', entity))
end

function GetPlayers()
  local out = {}
  for i = 0, GetNumPlayerIndices() - 1 do out[#out + 1] = GetPlayerFromIndex(i) end
  return out
end

function GetPlayerIdentifiers(player)
  local out = {}
  for i = 0, GetNumPlayerIdentifiers(player) - 1 do out[#out + 1] = GetPlayerIdentifier(player, i) end
  return out
end

function GetStateBagValue(bag, key)
  local bytes = hostCall('stateGet', bag, key)
  if bytes == nil then return nil end
  return (msgpack.unpack(bytes))
end

function SetStateBagValue(bag, key, value)
  hostCall('stateSet', bag, key, msgpack.pack(value))
end

local function stateBag(bag)
  return setmetatable({}, {
    __index = function(_, key)
      if key == 'set' then
        return function(_, k, v) SetStateBagValue(bag, k, v) end
      end
      return GetStateBagValue(bag, key)
    end,
    __newindex = function(_, key, value) SetStateBagValue(bag, key, value) end,
  })
end

function Player(id)
  return { state = stateBag('player:' .. tostring(math.tointeger(tonumber(id)) or id)) }
end

function RegisterCommand() end

function Citizen.Trace(text) host('print', tostring(text)) end

function print(...)
  local parts = {}
  for i = 1, select('#', ...) do parts[i] = tostring((select(i, ...))) end
  host('print', table.concat(parts, '\t'))
end

function __cfx_setGlobal(name, bytes)
  _G[name] = msgpack.unpack(bytes)
end

function __memory_kb()
  return collectgarbage('count')
end

--- Runs one file's main chunk in a thread, as FiveM does since 2023-06 (citizenfx/fivem 436151f).
function __cfx_runChunk(code, chunkName)
  local chunk, err = load(code, chunkName, 't')
  if not chunk then
    reportError('load', err)
    return
  end
  Citizen.CreateThreadNow(function()
    local ok, failure = xpcall(chunk, traceback)
    if not ok then reportError('load', failure) end
  end)
end

--- Runs a snippet as a file's main chunk (in a thread), then tells the host how it ended: what
--- it returned (packed) or its error (devkit/lua/snippet.ts).
function __cfx_runSnippet(id, code, chunkName)
  local chunk, err = load(code, chunkName, 't')
  if not chunk then
    host('snippetDone', id, false, tostring(err))
    return
  end
  Citizen.CreateThreadNow(function()
    local results = tpack(xpcall(chunk, traceback))
    if results[1] then
      host('snippetDone', id, true, msgpack.pack({ tunpack(results, 2, results.n) }))
    else
      host('snippetDone', id, false, tostring(results[2]))
    end
  end)
end

-- Loading from files is not available to resource code (LuaScriptRuntime.cpp clears them).
dofile, loadfile = nil, nil
