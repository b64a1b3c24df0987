-- What a test does to the players es_extended holds (devkit/lua/frameworks.ts).

local function xPlayer(source)
  local p = ESX.Players[source]
  if not p then error(('no player %s is loaded'):format(tostring(source)), 2) end
  return p
end

function Standin_load(row, source) return LoadESXPlayer(row, source).identifier end
function Standin_logout(source) TriggerEvent('esx:playerLogout', source) end
function Standin_setMoney(source, account, amount) xPlayer(source).setAccountMoney(account, amount) end
function Standin_addItem(source, item)
  if Config.CustomInventory == 'ox' then error('es_extended with ox_inventory: add the item to ox_inventory', 2) end
  xPlayer(source).addInventoryItem(item.name, item.count or item.amount or 1)
end
function Standin_setCuffed() error('es_extended holds no cuff state (esx_policejob keeps it on the client)', 2) end
function Standin_setMetadata(source, key, value) xPlayer(source).setMeta(key, value) end
function Standin_setJob(source, name, grade) xPlayer(source).setJob(name, grade) end
function Standin_setDuty(source, onDuty)
  local p = xPlayer(source)
  p.setJob(p.job.name, p.job.grade, onDuty)
end
function Standin_player(source)
  local p = xPlayer(source)
  local plain = {}
  for key, value in pairs(p) do
    if type(value) ~= 'function' then plain[key] = value end
  end
  return plain
end
