-- QBCore's table: config, shared items, jobs and gangs (a small excerpt of qb-core's own lists:
-- shared/items.lua, shared/jobs.lua, shared/gangs.lua; grade keys are strings there).

QBCore = { Functions = {}, Players = {}, Player = {}, Shared = {}, Config = {} }

QBCore.Config.DefaultSpawn = vector4(-1035.71, -2731.87, 12.86, 0.0)
QBCore.Config.Money = { MoneyTypes = { cash = 500, bank = 5000, crypto = 0 } }

local function item(name, label, weight, kind, unique, useable, description)
  return { name = name, label = label, weight = weight, type = kind, image = name .. '.png', unique = unique,
    useable = useable, shouldClose = true, combinable = nil, description = description }
end

QBCore.Shared.Items = {
  id_card = item('id_card', 'ID Card', 0, 'item', true, true, 'A card containing all your information to identify yourself'),
  phone = item('phone', 'Phone', 700, 'item', true, false, 'Neat phone ya got there'),
  weapon_pistol = item('weapon_pistol', 'Walther P99', 1000, 'weapon', true, false, 'A small firearm designed to be held in one hand'),
  weapon_knife = item('weapon_knife', 'Knife', 1000, 'weapon', true, false, 'An instrument composed of a blade fixed into a handle'),
  sandwich = item('sandwich', 'Sandwich', 200, 'item', false, true, 'Nice bread for your stomach'),
  water_bottle = item('water_bottle', 'Bottle of Water', 500, 'item', false, true, 'For all the thirsty out there'),
  lockpick = item('lockpick', 'Lockpick', 300, 'item', false, true, 'Very useful if you lose your keys a lot..'),
  bandage = item('bandage', 'Bandage', 0, 'item', false, true, 'A bandage works every time'),
}

QBCore.Shared.Jobs = {
  unemployed = { label = 'Civilian', defaultDuty = true, offDutyPay = false, grades = { ['0'] = { name = 'Freelancer', payment = 10 } } },
  police = { label = 'Law Enforcement', type = 'leo', defaultDuty = true, offDutyPay = false, grades = {
    ['0'] = { name = 'Recruit', payment = 50 }, ['1'] = { name = 'Officer', payment = 75 },
    ['2'] = { name = 'Sergeant', payment = 100 }, ['4'] = { name = 'Chief', isboss = true, payment = 150 } } },
  ambulance = { label = 'EMS', type = 'ems', defaultDuty = true, offDutyPay = false, grades = {
    ['0'] = { name = 'Recruit', payment = 50 }, ['1'] = { name = 'Paramedic', payment = 75 } } },
}

QBCore.Shared.Vehicles = {
  rmodgtr = { model = 'rmodgtr', name = 'GT-R R35', brand = 'Nissan', price = 300000, category = 'super', type = 'automobile' },
}

QBCore.Shared.Gangs = {
  none = { label = 'No Gang', grades = { ['0'] = { name = 'Unaffiliated' } } },
  ballas = { label = 'Ballas', grades = { ['0'] = { name = 'Recruit' }, ['3'] = { name = 'Boss', isboss = true } } },
}
