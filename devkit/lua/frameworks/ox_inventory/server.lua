-- Player inventories as ox_inventory holds them: { id, label, type = 'player', slots, weight,
-- maxWeight, owner, items = { [slot] = { name, label, weight, slot, count, metadata, stack,
-- close, description } } }, loaded from the players.inventory column ([{name, count, slot,
-- metadata}]) when the framework loads the player.

local ITEMS = {
  money = { label = 'Money', weight = 0, stack = true, close = false },
  bandage = { label = 'Bandage', weight = 115, stack = true, close = true },
  phone = { label = 'Phone', weight = 190, stack = false, close = true },
  burger = { label = 'Burger', weight = 220, stack = true, close = true },
  water = { label = 'Water', weight = 500, stack = true, close = true },
  lockpick = { label = 'Lockpick', weight = 160, stack = true, close = true },
  WEAPON_PISTOL = { label = 'Pistol', weight = 1130, stack = false, close = true },
  ['ammo-9'] = { label = '9mm', weight = 7, stack = true, close = true },
}

local inventories = {}   -- source -> inventory

local function makeItem(entry)
  local def = ITEMS[entry.name]
  if not def then return nil end
  local metadata = entry.metadata
  if type(metadata) ~= 'table' then metadata = {} end
  return {
    name = entry.name, label = def.label, weight = def.weight * (entry.count or 1), slot = entry.slot,
    count = entry.count or 1, metadata = metadata, stack = def.stack, close = def.close, description = def.description,
  }
end

local function weightOf(items)
  local total = 0
  for _, item in pairs(items) do total = total + item.weight end
  return total
end

local function inventoryOf(id)
  if type(id) == 'table' then id = id.id end
  return inventories[tonumber(id)]
end

StandinExport('GetInventory', function(inv) return inventoryOf(inv) end)
StandinExport('GetInventoryItems', function(inv)
  local inventory = inventoryOf(inv)
  return inventory and inventory.items
end)
StandinExport('GetItemCount', function(inv, name)
  local inventory = inventoryOf(inv)
  local count = 0
  for _, item in pairs(inventory and inventory.items or {}) do
    if item.name == name then count = count + item.count end
  end
  return count
end)

function Standin_load(source, inventoryText, owner)
  local items = {}
  for _, entry in pairs(StandinDecode(inventoryText, {})) do
    local item = type(entry) == 'table' and makeItem(entry)
    if item then items[item.slot] = item end
  end
  inventories[source] = {
    id = source, label = GetPlayerName(source), type = 'player', slots = 50, maxWeight = 30000,
    weight = weightOf(items), owner = owner, items = items, open = false,
  }
end

function Standin_logout(source) inventories[source] = nil end

function Standin_addItem(source, item)
  local inventory = inventories[source]
  if not inventory then error(('no inventory for player %s'):format(tostring(source)), 2) end
  local slot = item.slot or 1
  while inventory.items[slot] do slot = slot + 1 end
  local made = makeItem({ name = item.name, count = item.count or item.amount or 1, slot = slot, metadata = item.metadata })
  if not made then error('ox_inventory stand-in knows no item ' .. tostring(item.name), 2) end
  inventory.items[slot] = made
  inventory.weight = weightOf(inventory.items)
  return slot
end

function Standin_inventory(source) return inventories[source] end

AddEventHandler('playerDropped', function() inventories[source] = nil end)
