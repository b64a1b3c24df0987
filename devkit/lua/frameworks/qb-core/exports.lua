-- The exports of each qb-core generation (Standin.generation):
--   'before-2025-01': GetCoreObject() only; a caller reaches players through
--     QBCore.Functions.GetPlayerByCitizenId of the core object
--   '2025-01' (9adb33b to 3da7c33): GetCoreObject(filters), every QBCore.Functions.* as an export
--     (server/functions.lua's loop; GetPlayerByCitizenId walks the players and answers the raw
--     Player, PlayerData and all its Functions), GetSharedJobs/GetSharedGangs/GetSharedVehicles
--   '2025-11' (3da7c33 to 891b039): the same, and shared/main.lua's GetShared(namespace, item),
--     which answers QBCore.Shared[namespace]?[item]: nil without an item
--   '2026-05' (74ac036 on): the same loop, then server/player.lua's exports, registered later so
--     they win: GetPlayer/GetPlayerByCitizenId/GetPlayerByLicense answer buildInterface(player)
--     (by citizenid an exact key lookup), GetOfflinePlayerByCitizenId/GetOfflinePlayerByLicense
--     read the database (they yield), AddPlayerMethod/AddPlayerField; GetShared(namespace[, item])
--     answers the whole namespace without an item from 42b2707 (Standin.commit = '74ac036' keeps
--     that commit's nil); GetSharedJobs/GetSharedGangs/GetSharedVehicles are gone

local generation = Standin.generation or '2026-05'
local GENERATIONS = { ['before-2025-01'] = true, ['2025-01'] = true, ['2025-11'] = true, ['2026-05'] = true }
if not GENERATIONS[generation] then error('unknown qb-core generation ' .. tostring(generation)) end

if generation == 'before-2025-01' then
  StandinExport('GetCoreObject', function() return QBCore end)
  return
end

StandinExport('GetCoreObject', function(filters)
  if type(filters) ~= 'table' then return QBCore end
  local out = {}
  for _, key in ipairs(filters) do out[key] = QBCore[key] end
  return out
end)

for name, fn in pairs(QBCore.Functions) do StandinExport(name, fn) end

if generation == '2025-01' or generation == '2025-11' then
  StandinExport('GetSharedJobs', function() return QBCore.Shared.Jobs end)
  StandinExport('GetSharedGangs', function() return QBCore.Shared.Gangs end)
  StandinExport('GetSharedVehicles', function() return QBCore.Shared.Vehicles end)
end

--- 3da7c33 and 74ac036: the namespace's entry `item`; nil without one.
local function sharedItemOnly(namespace, item)
  local ns = QBCore.Shared[namespace]
  if ns == nil or item == nil then return nil end
  return ns[item]
end

if generation == '2025-01' then return end

if generation == '2025-11' then
  StandinExport('GetShared', sharedItemOnly)
  return
end

QBCore.PlayersByCitizenId = {}

--- server/player.lua buildInterface (37d3b84): every method both on the interface and in its
--- Functions, the player's other plain fields, PlayerData; never Offline.
local function buildInterface(player)
  if not player then return nil end
  local iface, methods = {}, {}
  for name, fn in pairs(player.Functions) do
    if type(fn) == 'function' then
      iface[name] = fn
      methods[name] = fn
    end
  end
  for key, value in pairs(player) do
    if key ~= 'PlayerData' and key ~= 'Functions' and key ~= 'Offline' and type(value) ~= 'function' then iface[key] = value end
  end
  iface.PlayerData = player.PlayerData
  iface.Functions = methods
  return iface
end

StandinExport('GetPlayer', function(source) return buildInterface(QBCore.Players[tonumber(source)]) end)
StandinExport('GetPlayerByCitizenId', function(citizenid) return buildInterface(QBCore.PlayersByCitizenId[citizenid]) end)
StandinExport('GetPlayerByLicense', function(license) return buildInterface(QBCore.Functions.GetPlayerByLicense(license)) end)
StandinExport('GetOfflinePlayerByCitizenId', function()
  Wait(0)   -- a database read: the caller gets a Promise
  return nil
end)
StandinExport('GetOfflinePlayerByLicense', function()
  Wait(0)   -- a database read: the caller gets a Promise
  return nil
end)
StandinExport('AddPlayerMethod', function(ids, name, handler) QBCore.Functions.AddPlayerMethod(ids, name, handler) end)
StandinExport('AddPlayerField', function(ids, name, data) QBCore.Functions.AddPlayerField(ids, name, data) end)

if Standin.commit == '74ac036' then
  StandinExport('GetShared', sharedItemOnly)
else
  StandinExport('GetShared', function(namespace, item)
    local ns = QBCore.Shared[namespace]
    if not ns then return nil end
    if item ~= nil then return ns[item] end
    return ns
  end)
end
