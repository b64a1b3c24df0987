-- qb-core stand-in for citizen_records' tests: players held in memory as qb-core holds them,
-- behind the exports of the generation Standin.generation names ('before-2025-01', '2025-01',
-- '2026-05'). Written after qbcore-framework/qb-core (37d3b84, 891b039, 9adb33b) and
-- qbcore-framework/qb-inventory (00e48f1) server/functions.lua LoadInventory.
fx_version 'cerulean'
game 'gta5'
description 'qb-core stand-in'

shared_scripts { 'shared.lua' }
server_scripts { 'player.lua', 'exports.lua', 'control.lua' }
