-- qbx_core's exports (server/functions.lua, server/groups.lua, server/player.lua).

local function playerBy(id)
  if type(id) == 'number' then return QBX.Players[id] end
  if type(id) == 'string' then
    local source = tonumber(id)
    if source then return QBX.Players[source] end
    for _, player in pairs(QBX.Players) do
      if player.PlayerData.license == id then return player end
    end
  end
  return nil
end

StandinExport('GetPlayer', playerBy)

StandinExport('GetPlayerByCitizenId', function(citizenid)
  local player = QBX.byCitizenId[citizenid]
  if player then return player end
  for _, p in pairs(QBX.Players) do
    if p.PlayerData.citizenid == citizenid then return p end
  end
  return nil
end)

--- Every online player's PlayerData, without Functions: the cheapest read for JS.
StandinExport('GetPlayersData', function()
  local list = {}
  for _, player in pairs(QBX.Players) do list[#list + 1] = player.PlayerData end
  return list
end)

StandinExport('GetOfflinePlayer', function()
  Wait(0)   -- a database read: the caller gets a Promise
  return nil
end)

StandinExport('GetJobs', function() return QBX.jobs end)
StandinExport('GetJob', function(name) return QBX.jobs[name] end)
StandinExport('GetGangs', function() return QBX.gangs end)
StandinExport('GetGang', function(name) return QBX.gangs[name] end)
