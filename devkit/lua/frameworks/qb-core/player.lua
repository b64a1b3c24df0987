-- Players as qb-core builds them at login (server/player.lua CheckPlayerData/CreatePlayer):
-- PlayerData from the players row (JSON columns decoded; position the row's {x,y,z}, the
-- DefaultSpawn vector4 only when the row has none; never updated while playing), items loaded
-- by qb-inventory keyed by slot, and Functions: closures over the player.

--- An item in a slot as qb-inventory holds it: its shared definition with the amount and info.
local function slotItem(def, slot, amount, info)
  return {
    name = def.name, amount = amount, info = info or '', label = def.label, description = def.description or '',
    weight = def.weight, type = def.type, unique = def.unique, useable = def.useable, image = def.image,
    shouldClose = def.shouldClose, slot = slot, combinable = def.combinable,
  }
end

--- qb-inventory LoadInventory: inventory[slot] = item with its shared definition; unknown items are dropped.
local function loadInventory(text)
  local items = {}
  local stored = StandinDecode(text, {})
  if type(stored) ~= 'table' then return items end
  for _, entry in pairs(stored) do
    local def = type(entry) == 'table' and QBCore.Shared.Items[tostring(entry.name):lower()]
    if def then items[entry.slot] = slotItem(def, entry.slot, entry.amount, entry.info) end
  end
  return items
end

function QBCore.Player.CreatePlayer(row, source)
  local PlayerData = {
    source = source,
    citizenid = row.citizenid,
    cid = row.cid,
    license = row.license,
    name = GetPlayerName(source) or row.name,
    money = StandinWithDefaults(StandinDecode(row.money), QBCore.Config.Money.MoneyTypes),
    optin = true,
    charinfo = StandinDecode(row.charinfo, {}),
    job = StandinDecode(row.job, {}),
    gang = StandinDecode(row.gang, {}),
    position = StandinDecode(row.position, QBCore.Config.DefaultSpawn),
    metadata = StandinWithDefaults(StandinDecode(row.metadata), {
      hunger = 100, thirst = 100, stress = 0, isdead = false, inlaststand = false, armor = 0,
      ishandcuffed = false, tracker = false, injail = 0, jailitems = {}, status = {}, phone = {}, rep = {},
    }),
    items = loadInventory(row.inventory),
  }

  local self = { PlayerData = PlayerData, Functions = {}, Offline = false }

  StandinQbFunctions(self)

  function self.Functions.SetJob(name, grade)
    local job = QBCore.Shared.Jobs[name]
    if not job then return false end
    local level = tostring(grade or '0')
    local g = job.grades[level] or job.grades['0']
    self.PlayerData.job = {
      name = name, label = job.label, onduty = job.defaultDuty, type = job.type or 'none', payment = g.payment or 30,
      isboss = g.isboss or false, grade = { name = g.name, level = tonumber(level), payment = g.payment, isboss = g.isboss or false },
    }
    self.Functions.UpdatePlayerData()
    TriggerEvent('QBCore:Server:OnJobUpdate', self.PlayerData.source, self.PlayerData.job)
    return true
  end

  function self.Functions.SetJobDuty(onDuty)
    self.PlayerData.job.onduty = not not onDuty
    TriggerEvent('QBCore:Server:OnJobUpdate', self.PlayerData.source, self.PlayerData.job)
    self.Functions.UpdatePlayerData()
  end

  function self.Functions.SetMetaData(key, value)
    self.PlayerData.metadata[key] = value
    self.Functions.UpdatePlayerData()
  end

  function self.Functions.SetPlayerData(key, value)
    self.PlayerData[key] = value
    self.Functions.UpdatePlayerData()
  end

  function self.Functions.AddItem(name, amount, slot, info)
    local def = QBCore.Shared.Items[name]
    if not def then return false end
    slot = slot or 1
    while self.PlayerData.items[slot] do slot = slot + 1 end
    self.PlayerData.items[slot] = slotItem(def, slot, amount or 1, info)
    self.Functions.UpdatePlayerData()
    return slot
  end

  function self.Functions.Logout()
    QBCore.Player.Logout(self.PlayerData.source)
  end

  QBCore.Players[source] = self
  if QBCore.PlayersByCitizenId then QBCore.PlayersByCitizenId[PlayerData.citizenid] = self end
  TriggerEvent('QBCore:Server:PlayerLoaded', self)
  self.Functions.UpdatePlayerData()
  return self
end

--- Logout (player.lua Logout): the player object goes, then QBCore:Server:OnPlayerUnload.
function QBCore.Player.Logout(source)
  local player = QBCore.Players[source]
  if not player then return end
  QBCore.Players[source] = nil
  if QBCore.PlayersByCitizenId then QBCore.PlayersByCitizenId[player.PlayerData.citizenid] = nil end
  TriggerEvent('QBCore:Server:OnPlayerUnload', source)
end

-- A player leaving (server/events.lua playerDropped): saved, then forgotten; from 74ac036 on
-- QBCore:Server:OnPlayerUnload is fired too.
AddEventHandler('playerDropped', function()
  local src = source
  local player = QBCore.Players[src]
  if not player then return end
  player.Functions.Save()
  if Standin.generation == '2026-05' then TriggerEvent('QBCore:Server:OnPlayerUnload', src) end
  QBCore.Players[src] = nil
  if QBCore.PlayersByCitizenId then QBCore.PlayersByCitizenId[player.PlayerData.citizenid] = nil end
end)

-- The duty toggle a player's client asks for (server/events.lua 'QBCore:ToggleDuty').
function QBCore.ToggleDuty(src)
  local player = QBCore.Players[src]
  if not player then return end
  player.Functions.SetJobDuty(not player.PlayerData.job.onduty)
  TriggerEvent('QBCore:Server:SetDuty', src, player.PlayerData.job.onduty)
end

-- QBCore.Functions: the lookups (server/functions.lua).
function QBCore.Functions.GetPlayer(source)
  if type(source) == 'number' then return QBCore.Players[source] end
  return QBCore.Players[tonumber(source)]
end

function QBCore.Functions.GetPlayerByCitizenId(citizenid)
  for _, player in pairs(QBCore.Players) do
    if player.PlayerData.citizenid == citizenid then return player end
  end
  return nil
end

function QBCore.Functions.GetPlayerByLicense(license)
  for _, player in pairs(QBCore.Players) do
    if player.PlayerData.license == license then return player end
  end
  return nil
end

function QBCore.Functions.GetPlayers()
  local sources = {}
  for src in pairs(QBCore.Players) do sources[#sources + 1] = src end
  return sources
end

function QBCore.Functions.GetQBPlayers()
  return QBCore.Players
end

--- A method or field added to players (server/player.lua, since 177925f): `ids` a source or -1 for all.
local function eachPlayer(ids, fn)
  for src, player in pairs(QBCore.Players) do
    if ids == -1 or ids == src then fn(player) end
  end
end
function QBCore.Functions.AddPlayerMethod(ids, name, handler) eachPlayer(ids, function(p) p.Functions[name] = handler end) end
function QBCore.Functions.AddPlayerField(ids, name, data) eachPlayer(ids, function(p) p[name] = data end) end

function QBCore.Functions.GetIdentifier(source, idtype)
  return GetPlayerIdentifierByType(source, idtype or 'license')
end
