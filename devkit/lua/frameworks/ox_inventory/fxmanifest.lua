-- ox_inventory stand-in for citizen_records' tests (overextended/ox_inventory server exports):
-- each loaded player's inventory, items keyed by slot, as Qbox servers keep them.
fx_version 'cerulean'
game 'gta5'
description 'ox_inventory stand-in'

server_scripts { 'server.lua' }
