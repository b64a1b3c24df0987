-- What the qb-core and qbx_core stand-ins build alike (Qbox's server/player.lua grew out of
-- qb-core's, and keeps its money functions): defaults for decoded JSON columns, the Functions
-- of a player that both frameworks write the same way, and the Standin_* control functions
-- both answer alike. Loaded after standin.lua and before the framework's own scripts, only for
-- these two (devkit/lua/frameworks.ts).

--- value when it is a table (else a new one), every key of defaults it lacks filled in: how both
--- frameworks complete PlayerData.money and PlayerData.metadata at login.
function StandinWithDefaults(value, defaults)
  if type(value) ~= 'table' then value = {} end
  for key, default in pairs(defaults) do
    if value[key] == nil then value[key] = default end
  end
  return value
end

--- Adds to player.Functions what both frameworks' players have alike: UpdatePlayerData, the
--- money functions (SetMoney fires QBCore:Server:OnMoneyChange), GetMetaData and Save.
function StandinQbFunctions(player)
  local functions = player.Functions

  function functions.UpdatePlayerData()
    TriggerEvent('QBCore:Player:SetPlayerData', player.PlayerData)
  end

  function functions.SetMoney(moneytype, amount, reason)
    local money = player.PlayerData.money
    if money[moneytype] == nil then return false end
    local old = money[moneytype]
    money[moneytype] = tonumber(amount)
    functions.UpdatePlayerData()
    TriggerEvent('QBCore:Server:OnMoneyChange', player.PlayerData.source, moneytype, math.abs(amount - old), amount > old and 'add' or 'remove', reason or '')
    return true
  end

  function functions.AddMoney(moneytype, amount, reason)
    local current = player.PlayerData.money[moneytype]
    if current == nil then return false end
    return functions.SetMoney(moneytype, current + tonumber(amount), reason)
  end

  function functions.RemoveMoney(moneytype, amount, reason)
    local current = player.PlayerData.money[moneytype]
    if current == nil then return false end
    return functions.SetMoney(moneytype, current - tonumber(amount), reason)
  end

  function functions.GetMoney(moneytype) return player.PlayerData.money[moneytype] or false end
  function functions.GetMetaData(key) return player.PlayerData.metadata[key] end
  function functions.Save() end
end

--- The Standin_* functions both answer alike, over `players`, the framework's players by source.
function StandinQbControl(players)
  local function player(source)
    local p = players[source]
    if not p then error(('no player %s is loaded'):format(tostring(source)), 2) end
    return p
  end

  function Standin_setMoney(source, account, amount) return player(source).Functions.SetMoney(account, amount, 'test') end
  function Standin_setCuffed(source, cuffed) player(source).Functions.SetMetaData('ishandcuffed', cuffed) end
  function Standin_setMetadata(source, key, value) player(source).Functions.SetMetaData(key, value) end
  function Standin_setJob(source, name, grade) return player(source).Functions.SetJob(name, grade) end
  function Standin_setDuty(source, onDuty) player(source).Functions.SetJobDuty(onDuty) end
  function Standin_player(source) return player(source).PlayerData end

  return player
end
