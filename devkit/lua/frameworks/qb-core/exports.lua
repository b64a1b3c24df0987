-- The exports of each qb-core generation (Standin.generation):
--   'before-2025-01': GetCoreObject() only; a caller reaches players through
--     QBCore.Functions.GetPlayerByCitizenId of the core object
--   '2025-01' (9adb33b to 891b039): GetCoreObject(filters), every QBCore.Functions.* as an export
--     (server/functions.lua's loop; GetPlayerByCitizenId answers the raw Player, PlayerData and
--     all its Functions), GetSharedJobs/GetSharedGangs
--   '2026-05' (74ac036 on): the same loop, then server/player.lua's exports, registered later so
--     they win: GetPlayer/GetPlayerByCitizenId/GetPlayerByLicense answer buildInterface(player)
--     ({PlayerData, Functions} without Offline; by citizenid an exact key lookup),
--     GetOfflinePlayerByCitizenId reads the database (it yields), GetShared(key[, name]);
--     GetSharedJobs/GetSharedGangs are gone

local generation = Standin.generation or '2026-05'
local GENERATIONS = { ['before-2025-01'] = true, ['2025-01'] = true, ['2026-05'] = true }
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

if generation == '2025-01' then
  StandinExport('GetSharedJobs', function() return QBCore.Shared.Jobs end)
  StandinExport('GetSharedGangs', function() return QBCore.Shared.Gangs end)
  return
end

QBCore.PlayersByCitizenId = {}

local INTERFACE = {
  'UpdatePlayerData', 'SetJob', 'SetJobDuty', 'SetMetaData', 'GetMetaData', 'AddMoney', 'RemoveMoney',
  'SetMoney', 'GetMoney', 'SetPlayerData', 'AddItem', 'Save', 'Logout',
}

local function buildInterface(player)
  if not player then return nil end
  local functions = {}
  for _, name in ipairs(INTERFACE) do functions[name] = player.Functions[name] end
  return { PlayerData = player.PlayerData, Functions = functions }
end

StandinExport('GetPlayer', function(source) return buildInterface(QBCore.Functions.GetPlayer(source)) end)
StandinExport('GetPlayerByCitizenId', function(citizenid) return buildInterface(QBCore.PlayersByCitizenId[citizenid]) end)
StandinExport('GetPlayerByLicense', function(license) return buildInterface(QBCore.Functions.GetPlayerByLicense(license)) end)
StandinExport('GetOfflinePlayerByCitizenId', function()
  Wait(0)   -- a database read: the caller gets a Promise
  return nil
end)
StandinExport('GetShared', function(key, name)
  local shared = QBCore.Shared[key]
  if name ~= nil then return shared and shared[name] end
  return shared
end)
