fx_version 'cerulean'
game 'common'

name 'citizen_records'
author 'citizen_records contributors'
description 'HTTP and export lookups of ESX and QBCore/Qbox citizen records'
version '0.1.0'
license 'MIT'

server_only 'yes'
node_version '22'

server_script 'dist/server.js'

dependency 'oxmysql'
