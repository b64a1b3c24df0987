-- Players as qbx_core builds them (server/player.lua, server/storage/players.lua): PlayerData
-- from the row, the position converted to a vec4 (convertPosition), items = {} (ox_inventory's),
-- jobs/gangs maps of group name to grade, and hunger/thirst/stress set in the player's state bag,
-- where Qbox keeps their live values.

local function convertPosition(text)
  local p = StandinDecode(text)
  if type(p) ~= 'table' then return QBX.defaultSpawn end
  return vec4(p.x or 0.0, p.y or 0.0, p.z or 0.0, p.w or p.heading or 0.0)
end

local NEEDS = { 'hunger', 'thirst', 'stress' }

function QBX.createPlayer(row, source)
  local job = StandinDecode(row.job, {})
  local gang = StandinDecode(row.gang, {})
  local PlayerData = {
    source = source,
    userId = row.userId,
    citizenid = row.citizenid,
    cid = row.cid,
    license = row.license,
    name = GetPlayerName(source) or row.name,
    money = StandinWithDefaults(StandinDecode(row.money), QBX.money),
    charinfo = StandinDecode(row.charinfo, {}),
    job = job,
    gang = gang,
    jobs = { [job.name or 'unemployed'] = job.grade and job.grade.level or 0 },
    gangs = { [gang.name or 'none'] = gang.grade and gang.grade.level or 0 },
    position = convertPosition(row.position),
    metadata = StandinWithDefaults(StandinDecode(row.metadata), {
      health = 200, hunger = 100, thirst = 100, stress = 0, isdead = false, inlaststand = false, armor = 0,
      ishandcuffed = false, tracker = false, injail = 0, jailitems = {}, status = {}, phone = {},
    }),
    items = {},
    optin = true,
  }

  local self = { PlayerData = PlayerData, Functions = {}, Offline = false }
  local state = Player(source).state

  StandinQbFunctions(self)

  function self.Functions.SetJob(name, grade)
    local def = QBX.jobs[name]
    if not def then return false end
    grade = tonumber(grade) or 0
    local g = def.grades[grade] or def.grades[0]
    self.PlayerData.job = {
      name = name, label = def.label, payment = g.payment or 30, type = def.type, onduty = def.defaultDuty,
      isboss = g.isboss or false, bankAuth = g.bankAuth or false, grade = { name = g.name, level = grade },
    }
    self.PlayerData.jobs[name] = grade
    self.Functions.UpdatePlayerData()
    -- AddPlayerToJob, then SetPlayerPrimaryJob (server/player.lua:326, 266).
    TriggerEvent('qbx_core:server:onGroupUpdate', source, name, grade)
    TriggerEvent('QBCore:Server:OnJobUpdate', source, self.PlayerData.job)
    return true
  end

  --- SetJobDuty (server/player.lua:196-209): QBCore:Server:SetDuty, then the update.
  function self.Functions.SetJobDuty(onDuty)
    self.PlayerData.job.onduty = not not onDuty
    TriggerEvent('QBCore:Server:SetDuty', source, self.PlayerData.job.onduty)
    self.Functions.UpdatePlayerData()
  end

  function self.Functions.SetMetaData(key, value)
    local old = self.PlayerData.metadata[key]
    self.PlayerData.metadata[key] = value
    for _, need in ipairs(NEEDS) do
      if key == need then state:set(key, value, true) end
    end
    self.Functions.UpdatePlayerData()
    TriggerEvent('qbx_core:server:onSetMetaData', key, old, value, source)
  end

  function self.Functions.Logout() QBX.logout(source) end

  for _, need in ipairs(NEEDS) do state:set(need, PlayerData.metadata[need], true) end
  QBX.Players[source] = self
  QBX.byCitizenId[PlayerData.citizenid] = self
  TriggerEvent('QBCore:Server:PlayerLoaded', self)
  return self
end

local function forget(source)
  local player = QBX.Players[source]
  if not player then return nil end
  QBX.Players[source] = nil
  QBX.byCitizenId[player.PlayerData.citizenid] = nil
  return player
end

--- Logout (server/player.lua): QBCore:Server:OnPlayerUnload, then qbx_core:server:playerLoggedOut.
function QBX.logout(source)
  if not forget(source) then return end
  TriggerEvent('QBCore:Server:OnPlayerUnload', source)
  TriggerEvent('qbx_core:server:playerLoggedOut', source)
end

-- A player leaving (server/events.lua playerDropped): saved, then forgotten.
AddEventHandler('playerDropped', function()
  local player = forget(source)
  if player then player.Functions.Save() end
end)
