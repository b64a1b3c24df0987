-- The ESX object, its configuration, items and jobs (a small excerpt of a server's items and
-- jobs tables; job grades keyed by the grade as a string, as ESX.RefreshJobs builds them).

ESX = { Players = {}, Items = {}, Jobs = {} }
Core = { playersByIdentifier = {} }
Config = {
  Accounts = {
    { name = 'bank', label = 'Bank', round = true },
    { name = 'black_money', label = 'Dirty Money', round = true },
    { name = 'money', label = 'Cash', round = true },
  },
  MaxWeight = 24,
  CustomInventory = Standin.customInventory or false,
}

ESX.Items = {
  bread = { label = 'Bread', weight = 1, rare = false, canRemove = true },
  water = { label = 'Water', weight = 1, rare = false, canRemove = true },
  phone = { label = 'Phone', weight = 1, rare = false, canRemove = true },
  bandage = { label = 'Bandage', weight = 2, rare = false, canRemove = true },
}

local function job(id, name, label, grades)
  local out = { id = id, name = name, label = label, type = name == 'unemployed' and 'civ' or 'job', whitelisted = name ~= 'unemployed', grades = {} }
  for i, g in ipairs(grades) do
    out.grades[tostring(i - 1)] = { id = id * 10 + i, job_name = name, grade = i - 1, name = g[1], label = g[2], salary = g[3], skin_male = {}, skin_female = {} }
  end
  return out
end

ESX.Jobs = {
  unemployed = job(1, 'unemployed', 'Unemployed', { { 'unemployed', 'Unemployed', 200 } }),
  police = job(2, 'police', 'LSPD', { { 'recruit', 'Recrue', 20 }, { 'officer', 'Officier', 40 }, { 'sergeant', 'Sergent', 60 }, { 'boss', 'Commandant', 100 } }),
  ambulance = job(3, 'ambulance', 'EMS', { { 'ambulance', 'Jr. EMT', 20 }, { 'doctor', 'EMT', 40 } }),
}
