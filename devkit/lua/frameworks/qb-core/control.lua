-- What a test does to the players qb-core holds (devkit/lua/frameworks.ts): log a character in
-- from its players row, log him out, and change what is live through qb-core's own functions.

local player = StandinQbControl(QBCore.Players)

function Standin_load(row, source) return QBCore.Player.CreatePlayer(row, source).PlayerData.citizenid end
function Standin_logout(source) QBCore.Player.Logout(source) end
function Standin_addItem(source, item)
  return player(source).Functions.AddItem(item.name, item.amount or item.count or 1, item.slot, item.info or item.metadata)
end
function Standin_toggleDuty(source) QBCore.ToggleDuty(source) end
