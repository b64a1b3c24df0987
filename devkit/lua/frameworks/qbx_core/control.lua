-- What a test does to the players qbx_core holds (devkit/lua/frameworks.ts).

local function player(source)
  local p = QBX.Players[source]
  if not p then error(('no player %s is loaded'):format(tostring(source)), 2) end
  return p
end

function Standin_load(row, source) return QBX.createPlayer(row, source).PlayerData.citizenid end
function Standin_logout(source) QBX.logout(source) end
function Standin_setMoney(source, account, amount) return player(source).Functions.SetMoney(account, amount, 'test') end
function Standin_addItem() error('qbx_core holds no items: ox_inventory does', 2) end
function Standin_setCuffed(source, cuffed) player(source).Functions.SetMetaData('ishandcuffed', cuffed) end
function Standin_setMetadata(source, key, value) player(source).Functions.SetMetaData(key, value) end
function Standin_setJob(source, name, grade) return player(source).Functions.SetJob(name, grade) end
function Standin_player(source) return player(source).PlayerData end
