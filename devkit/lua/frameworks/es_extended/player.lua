-- xPlayer (server/classes/player.lua CreateExtendedPlayer): its fields and some of its ~65 closures.
-- coords is the login position (stale); getCoords reads the ped.

function CreateExtendedPlayer(playerId, identifier, ssn, group, accounts, inventory, weight, job, loadout, name, coords, metadata)
  local self = {}
  self.accounts = accounts
  self.coords = coords
  self.group = group
  self.identifier = identifier
  self.ssn = ssn
  self.license = 'license:' .. (identifier:match(':(.*)$') or identifier)
  self.inventory = inventory
  self.job = job
  self.loadout = loadout
  self.name = name
  self.playerId = playerId
  self.source = playerId
  self.variables = {}
  self.weight = weight
  self.maxWeight = Config.MaxWeight
  self.metadata = metadata
  self.lastPlaytime = metadata.lastPlaytime or 0
  self.paycheckEnabled = true
  self.admin = group == 'admin'
  local loginTime = GetGameTimer()

  function self.triggerEvent() end
  function self.set(k, v) self.variables[k] = v end
  function self.get(k) return self.variables[k] end
  function self.getIdentifier() return self.identifier end
  function self.getSSN() return self.ssn end
  function self.getName() return self.name end
  function self.setName(value) self.name = value end
  function self.getGroup() return self.group end
  function self.isAdmin() return self.admin end
  function self.getJob() return self.job end
  function self.getWeight() return self.weight end
  function self.getMaxWeight() return self.maxWeight end
  function self.getPlayTime() return self.lastPlaytime + (GetGameTimer() - loginTime) // 1000 end

  function self.getCoords(vector, heading)
    local ped = GetPlayerPed(self.source)
    local c = GetEntityCoords(ped)
    if vector then
      return heading and vector4(c.x, c.y, c.z, GetEntityHeading(ped)) or c
    end
    local out = { x = c.x, y = c.y, z = c.z }
    if heading then out.heading = GetEntityHeading(ped) end
    return out
  end

  function self.getAccounts(minimal)
    if not minimal then return self.accounts end
    local out = {}
    for _, account in ipairs(self.accounts) do out[account.name] = account.money end
    return out
  end

  function self.getAccount(name)
    for _, account in ipairs(self.accounts) do
      if account.name == name then return account end
    end
    return nil
  end

  function self.setAccountMoney(name, money)
    local account = self.getAccount(name)
    if not account then return end
    account.money = account.round and math.floor(money + 0.5) or money
    TriggerEvent('esx:setAccountMoney', self.source, name, account.money, 'test')
  end
  function self.addAccountMoney(name, money)
    local account = self.getAccount(name)
    if not account then return end
    account.money = account.money + money
    TriggerEvent('esx:addAccountMoney', self.source, name, money, 'test')
  end
  function self.removeAccountMoney(name, money)
    local account = self.getAccount(name)
    if not account then return end
    account.money = account.money - money
    TriggerEvent('esx:removeAccountMoney', self.source, name, money, 'test')
  end

  function self.getInventory(minimal)
    if Config.CustomInventory == 'ox' then
      local items = exports.ox_inventory:GetInventoryItems(self.source)
      if not minimal then return items end
      local out = {}
      for _, item in pairs(items or {}) do
        out[#out + 1] = { name = item.name, count = item.count, slot = item.slot, metadata = next(item.metadata or {}) and item.metadata or nil }
      end
      return out
    end
    if not minimal then return self.inventory end
    local out = {}
    for _, item in ipairs(self.inventory) do
      if item.count > 0 then out[item.name] = item.count end
    end
    return out
  end

  function self.getInventoryItem(name)
    for _, item in ipairs(self.inventory) do
      if item.name == name then return item end
    end
    return nil
  end

  function self.addInventoryItem(name, count)
    local item = self.getInventoryItem(name)
    if not item then return end
    item.count = item.count + (count or 1)
    self.weight = self.weight + item.weight * (count or 1)
    TriggerEvent('esx:onAddInventoryItem', self.source, name, item.count)
  end

  function self.getLoadout(minimal)
    if not minimal then return self.loadout end
    local out = {}
    for _, weapon in ipairs(self.loadout) do
      out[weapon.name] = { ammo = weapon.ammo, tintIndex = weapon.tintIndex, components = weapon.components }
    end
    return out
  end

  function self.hasWeapon(name)
    for _, weapon in ipairs(self.loadout) do
      if weapon.name == name then return true end
    end
    return false
  end

  --- setJob(name, grade, onDuty): the duty is part of the job (server/classes/player.lua:566-603).
  function self.setJob(name, grade, onDuty)
    local grades = ESX.Jobs[name] and ESX.Jobs[name].grades
    local g = grades and grades[tostring(grade)]
    if not g then return end
    local last = self.job
    local def = ESX.Jobs[name]
    if name == 'unemployed' then onDuty = false end
    if type(onDuty) ~= 'boolean' then onDuty = true end -- Config.DefaultJobDuty, true in ESX's config
    self.metadata.jobDuty = onDuty
    self.job = {
      id = def.id, name = name, label = def.label, type = def.type, onDuty = onDuty,
      grade = tonumber(grade), grade_name = g.name, grade_label = g.label, grade_salary = g.salary,
      skin_male = g.skin_male, skin_female = g.skin_female,
    }
    TriggerEvent('esx:setJob', self.source, self.job, last)
  end

  function self.getMeta(index, subIndex)
    if index == nil then return self.metadata end
    local value = self.metadata[index]
    if subIndex ~= nil and type(value) == 'table' then
      if type(subIndex) == 'table' then
        local out = {}
        for _, key in ipairs(subIndex) do out[key] = value[key] end
        return out
      end
      return value[subIndex]
    end
    return value
  end

  function self.setMeta(index, value, subValue)
    if subValue ~= nil then
      self.metadata[index] = self.metadata[index] or {}
      self.metadata[index][value] = subValue
    else
      self.metadata[index] = value
    end
  end

  function self.showNotification() end
  function self.kick() end

  return self
end
