-- es_extended stand-in for citizen_records' tests, written after esx-framework/esx_core
-- (c026092, 1.13.5) [core]/es_extended: xPlayers as CreateExtendedPlayer builds them from the
-- users row, the ESX object getSharedObject() answers, and, in generation 'legacy' (1.13+),
-- RunStaticPlayerMethod; generation 'pre-1.13' lacks it. Standin.customInventory = 'ox' makes
-- xPlayer.getInventory answer ox_inventory's items, as classes/overrides/oxinventory.lua does.
fx_version 'cerulean'
game 'gta5'
description 'es_extended stand-in'

shared_scripts { 'shared.lua' }
server_scripts { 'player.lua', 'main.lua', 'control.lua' }
