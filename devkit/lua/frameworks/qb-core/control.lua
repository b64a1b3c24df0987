-- What a test does to the players qb-core holds (devkit/lua/frameworks.ts): log a character in
-- from its players row, log him out, and change what is live through qb-core's own functions.

local function player(source)
  local p = QBCore.Players[source]
  if not p then error(('no player %s is loaded'):format(tostring(source)), 2) end
  return p
end

function Standin_load(row, source) return QBCore.Player.CreatePlayer(row, source).PlayerData.citizenid end
function Standin_logout(source) QBCore.Player.Logout(source) end
function Standin_setMoney(source, account, amount) return player(source).Functions.SetMoney(account, amount, 'test') end
function Standin_addItem(source, item)
  return player(source).Functions.AddItem(item.name, item.amount or item.count or 1, item.slot, item.info or item.metadata)
end
function Standin_setCuffed(source, cuffed) player(source).Functions.SetMetaData('ishandcuffed', cuffed) end
function Standin_setMetadata(source, key, value) player(source).Functions.SetMetaData(key, value) end
function Standin_setJob(source, name, grade) return player(source).Functions.SetJob(name, grade) end
function Standin_player(source) return player(source).PlayerData end
