-- Logging a character in (server/main.lua loadESXPlayer) and out, the ESX functions, and the
-- exports of each generation.

local function decode(text, default)
  local value = StandinDecode(text, default)
  if type(value) ~= 'table' then return default end
  return value
end

function LoadESXPlayer(row, playerId, isNew)
  local stored = decode(row.accounts, {})
  local accounts = {}
  for index, account in ipairs(Config.Accounts) do
    accounts[index] = { name = account.name, money = stored[account.name] or 0, label = account.label, round = account.round, index = index }
  end

  local inventory, weight = {}, 0
  if Config.CustomInventory ~= 'ox' then
    local counts = decode(row.inventory, {})
    for name, item in pairs(ESX.Items) do
      local count = counts[name] or 0
      weight = weight + item.weight * count
      inventory[#inventory + 1] = { name = name, count = count, label = item.label, weight = item.weight, usable = false, rare = item.rare, canRemove = item.canRemove }
    end
    table.sort(inventory, function(a, b) return a.label < b.label end)
  end

  local def = ESX.Jobs[row.job] or ESX.Jobs.unemployed
  local grade = def.grades[tostring(row.job_grade)] and tostring(row.job_grade) or '0'
  local g = def.grades[grade]
  local metadata = decode(row.metadata, {})
  local job = {
    id = def.id, name = def.name, label = def.label, type = def.type, onDuty = metadata.jobDuty or false,
    grade = tonumber(grade), grade_name = g.name, grade_label = g.label, grade_salary = g.salary,
    skin_male = g.skin_male, skin_female = g.skin_female,
  }

  local loadout = {}
  for _, weapon in ipairs(decode(row.loadout, {})) do
    loadout[#loadout + 1] = { name = weapon.name, ammo = weapon.ammo, label = weapon.name, components = weapon.components or {}, tintIndex = weapon.tintIndex or 0 }
  end

  local coords = decode(row.position, { x = -269.4, y = -955.3, z = 31.2, heading = 205.8 })
  local xPlayer = CreateExtendedPlayer(playerId, row.identifier, row.ssn, row.group or 'user', accounts, inventory, weight, job, loadout, GetPlayerName(playerId), coords, metadata)
  xPlayer.set('firstName', row.firstname)
  xPlayer.set('lastName', row.lastname)
  xPlayer.set('dateofbirth', row.dateofbirth)
  xPlayer.set('sex', row.sex)
  xPlayer.set('height', row.height)

  ESX.Players[playerId] = xPlayer
  Core.playersByIdentifier[row.identifier] = xPlayer
  TriggerEvent('esx:playerLoaded', playerId, xPlayer, isNew or false)
  return xPlayer
end

local function forget(playerId, reason)
  local xPlayer = ESX.Players[playerId]
  if not xPlayer then return end
  TriggerEvent('esx:playerDropped', playerId, reason)
  Core.playersByIdentifier[xPlayer.identifier] = nil
  ESX.Players[playerId] = nil
end

AddEventHandler('playerDropped', function(reason) forget(source, reason) end)
AddEventHandler('esx:playerLogout', function(playerId) forget(playerId, 'logout') end)

function ESX.GetPlayerFromId(source) return ESX.Players[tonumber(source)] end
function ESX.GetPlayerFromIdentifier(identifier) return Core.playersByIdentifier[identifier] end
function ESX.GetPlayerIdFromIdentifier(identifier)
  local xPlayer = Core.playersByIdentifier[identifier]
  return xPlayer and xPlayer.source
end
function ESX.GetExtendedPlayers(key, value)
  local out = {}
  for _, xPlayer in pairs(ESX.Players) do
    if key == nil or (key == 'job' and xPlayer.job.name == value) or (key == 'group' and xPlayer.group == value) then
      out[#out + 1] = xPlayer
    end
  end
  return out
end
function ESX.GetJobs() return ESX.Jobs end
function ESX.DoesJobExist(job, grade) return ESX.Jobs[job] ~= nil and ESX.Jobs[job].grades[tostring(grade)] ~= nil end

local generation = Standin.generation or 'legacy'
if generation ~= 'legacy' and generation ~= 'pre-1.13' then error('unknown es_extended generation ' .. tostring(generation)) end

StandinExport('getSharedObject', function() return ESX end)

if generation == 'legacy' then
  --- Calls xPlayer[method](...) without packing the xPlayer (esx_core df287b04, 2025-01-22).
  StandinExport('RunStaticPlayerMethod', function(playerId, method, ...)
    local xPlayer = ESX.Players[tonumber(playerId)]
    if not xPlayer then return nil end
    local fn = xPlayer[method]
    if type(fn) ~= 'function' then error(('Attempted to call invalid method on playerId %s: %s'):format(tostring(playerId), tostring(method))) end
    return fn(...)
  end)
end
