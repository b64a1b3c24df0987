import { alphaInventoryItemSchema } from './schema';
import { normaliseUserInventory, normaliseInventory } from './inventory';

const items = (stored: unknown) => {
  const inventory = normaliseInventory(stored);
  for (const item of inventory.items) alphaInventoryItemSchema.parse(item);
  return inventory;
};

describe('normaliseInventory: ox_inventory slot array', () => {
  it('keeps each item with its own slot and drops its metadata', () => {
    const inventory = items([
      { name: 'water', count: 3, slot: 4 },
      { name: 'WEAPON_PISTOL', count: 1, slot: 5, metadata: { durability: 93.7, ammo: 11, serial: '384920KTR102938' } },
    ]);
    expect(inventory).toEqual({
      items: [
        { name: 'water', count: 3, slot: 4 },
        { name: 'WEAPON_PISTOL', count: 1, slot: 5 },
      ],
      slotted: true,
    });
  });

  it('keeps money and black_money items (docs/design.md §7)', () => {
    expect(
      items([
        { name: 'money', count: 1840, slot: 1 },
        { name: 'black_money', count: 250, slot: 2 },
      ]).items,
    ).toEqual([
      { name: 'money', count: 1840, slot: 1 },
      { name: 'black_money', count: 250, slot: 2 },
    ]);
  });

  it('orders items by slot, whatever order Lua wrote them in', () => {
    expect(
      items([
        { name: 'b', count: 1, slot: 9 },
        { name: 'a', count: 1, slot: 2 },
      ]).items.map((i) => i.slot),
    ).toEqual([2, 9]);
  });

  it('skips holes and nameless entries of a holed list', () => {
    expect(
      items([{ name: 'water', count: 1, slot: 1 }, null, 7, { count: 2, slot: 3 }, { name: 'bread', count: 2, slot: 4 }]).items,
    ).toEqual([
      { name: 'water', count: 1, slot: 1 },
      { name: 'bread', count: 2, slot: 4 },
    ]);
  });

  it('reads a list Lua wrote as an object with numeric keys', () => {
    expect(items({ '3': { name: 'water', count: 1, slot: 3 }, '17': { name: 'bread', count: 2, slot: 17 } })).toEqual({
      items: [
        { name: 'water', count: 1, slot: 3 },
        { name: 'bread', count: 2, slot: 17 },
      ],
      slotted: true,
    });
  });

  it('keeps both items of a duplicated slot: the record reports the row', () => {
    expect(
      items([
        { name: 'water', count: 1, slot: 2 },
        { name: 'bread', count: 5, slot: 2 },
      ]).items,
    ).toHaveLength(2);
  });

  it('reads counts and slots stored as text', () => {
    expect(items([{ name: 'water', count: '3', slot: '4' }]).items).toEqual([{ name: 'water', count: 3, slot: 4 }]);
  });
});

describe('normaliseInventory: classic ESX map', () => {
  it('sorts items by name and numbers the slots 1..n', () => {
    expect(items({ bread: 4, water: 2, phone: 1, bandage: 3 })).toEqual({
      items: [
        { name: 'bandage', count: 3, slot: 1 },
        { name: 'bread', count: 4, slot: 2 },
        { name: 'phone', count: 1, slot: 3 },
        { name: 'water', count: 2, slot: 4 },
      ],
      slotted: false,
    });
  });

  it('sorts by code unit, so upper-case names come first on every host', () => {
    expect(items({ water: 1, WEAPON_PISTOL: 1, ammo: 2 }).items.map((i) => i.name)).toEqual(['WEAPON_PISTOL', 'ammo', 'water']);
  });

  it('leaves out items with no count (ESX never saves one), so they take no slot', () => {
    expect(items({ bread: 2, water: 0, fish: 'x', cola: 1 }).items).toEqual([
      { name: 'bread', count: 2, slot: 1 },
      { name: 'cola', count: 1, slot: 2 },
    ]);
  });
});

describe('normaliseInventory: empty', () => {
  it.each([
    ['[] (empty table)', []],
    ['{}', {}],
    ['NULL', undefined],
    ['a string', 'bread'],
  ])('%s is no items, and no sign of ox_inventory', (_label, stored) => {
    expect(items(stored)).toEqual({ items: [], slotted: false });
  });
});

describe('ESX 1.1 user_inventory rows', () => {
  it('keeps counts above 0, sorted by name, slots 1..n; a nameless or non-numeric row takes no slot', () => {
    const rows = [
      { item: 'water', count: 3 },
      { item: 'alive_chicken', count: 0 },
      { item: 'fish', count: '12' },
      { item: '', count: 4 },
      { item: 'bread', count: null },
      { item: 'bandage', count: 1 },
    ];
    expect(normaliseUserInventory(rows)).toEqual({
      items: [
        { name: 'bandage', count: 1, slot: 1 },
        { name: 'fish', count: 12, slot: 2 },
        { name: 'water', count: 3, slot: 3 },
      ],
      slotted: false,
    });
  });

  it('no held item is an empty inventory', () => {
    expect(normaliseUserInventory([{ item: 'bread', count: 0 }]).items).toEqual([]);
  });
});
