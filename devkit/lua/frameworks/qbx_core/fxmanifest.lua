-- qbx_core stand-in for citizen_records' tests, written after Qbox-project/qbx_core (959b77b,
-- v1.23.0): players by source and by citizenid, PlayerData with Qbox's extras (userId, jobs,
-- gangs, bankAuth), the position always a vec4, items empty (ox_inventory owns them), hunger,
-- thirst and stress in player state bags.
fx_version 'cerulean'
game 'gta5'
description 'qbx_core stand-in'

shared_scripts { 'shared.lua' }
server_scripts { 'player.lua', 'exports.lua', 'control.lua' }
