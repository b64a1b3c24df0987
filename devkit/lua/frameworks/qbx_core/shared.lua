-- Qbox's configuration and groups (config/shared.lua; shared/jobs.lua and gangs.lua, a small
-- excerpt): grade keys are integers from 0.

QBX = { Players = {}, byCitizenId = {} }

QBX.defaultSpawn = vec4(-540.58, -212.02, 37.65, 208.88)
QBX.money = { cash = 500, bank = 5000, crypto = 0 }

QBX.jobs = {
  unemployed = { label = 'Civilian', type = 'none', defaultDuty = true, offDutyPay = false, grades = { [0] = { name = 'Freelancer', payment = 10 } } },
  police = { label = 'LSPD', type = 'leo', defaultDuty = true, offDutyPay = false, grades = {
    [0] = { name = 'Recruit', payment = 50 }, [1] = { name = 'Officer', payment = 75 },
    [2] = { name = 'Sergeant', payment = 100 }, [3] = { name = 'Chief', isboss = true, bankAuth = true, payment = 150 } } },
  ambulance = { label = 'EMS', type = 'ems', defaultDuty = true, offDutyPay = false, grades = {
    [0] = { name = 'Recruit', payment = 50 }, [1] = { name = 'Paramedic', payment = 75 } } },
}

QBX.gangs = {
  none = { label = 'No Gang', grades = { [0] = { name = 'Unaffiliated' } } },
  ballas = { label = 'Ballas', grades = { [0] = { name = 'Recruit' }, [3] = { name = 'Boss', isboss = true, bankAuth = true } } },
}
