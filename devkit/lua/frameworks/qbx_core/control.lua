-- What a test does to the players qbx_core holds (devkit/lua/frameworks.ts).

StandinQbControl(QBX.Players)

function Standin_load(row, source) return QBX.createPlayer(row, source).PlayerData.citizenid end
function Standin_logout(source) QBX.logout(source) end
function Standin_addItem() error('qbx_core holds no items: ox_inventory does', 2) end
