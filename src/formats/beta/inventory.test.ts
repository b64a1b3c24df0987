import { normaliseInventory } from './inventory';

const NOW_MS = 1_717_000_000_000;
const NOW_S = NOW_MS / 1000;

describe('normaliseInventory (qb-inventory)', () => {
  it('maps amount, quality, serie, ammo and attachment components (B.5)', () => {
    const items = normaliseInventory(
      [
        {
          name: 'weapon_pistol',
          amount: 1,
          info: { serie: '48KQz7AB193lMnP', quality: 97.45, ammo: 36, attachments: [{ component: 'COMPONENT_AT_PI_FLSH' }] },
          type: 'weapon',
          slot: 2,
        },
        { name: 'phone', amount: 1, info: '', type: 'item', slot: 4 },
      ],
      NOW_MS,
    );
    expect(items).toEqual([
      {
        name: 'weapon_pistol',
        count: 1,
        slot: 2,
        metadata: { durability: 97.45, ammo: 36, serial: '48KQz7AB193lMnP', components: ['COMPONENT_AT_PI_FLSH'] },
      },
      { name: 'phone', count: 1, slot: 4, metadata: {} },
    ]);
  });

  it('gives an item with info "", [] or unrelated info keys an empty metadata', () => {
    const items = normaliseInventory(
      [
        { name: 'sandwich', amount: 3, info: '', slot: 5 },
        { name: 'water', amount: 2, info: [], slot: 6 },
        { name: 'id_card', amount: 1, info: { citizenid: 'KQW48213', firstname: 'Zoë' }, slot: 1 },
      ],
      NOW_MS,
    );
    expect(items.map((i) => i.metadata)).toEqual([{}, {}, {}]);
    expect(Object.keys(items[0]!.metadata)).toEqual([]);
  });

  it('keeps a registered owner when qb info has one', () => {
    expect(
      normaliseInventory([{ name: 'weapon_pistol', amount: 1, info: { registered: 'Zoë Brandt' }, slot: 1 }], NOW_MS)[0]!.metadata,
    ).toEqual({
      registered: 'Zoë Brandt',
    });
  });

  it('clamps quality and ammo to their bounds', () => {
    const [item] = normaliseInventory([{ name: 'weapon_smg', amount: 1, info: { quality: 130, ammo: -4 }, slot: 3 }], NOW_MS);
    expect(item!.metadata).toEqual({ durability: 100, ammo: 0 });
  });
});

describe('normaliseInventory (ox_inventory)', () => {
  it('keeps count and the known metadata keys, dropping the others (B.6)', () => {
    const [item] = normaliseInventory(
      [
        {
          name: 'WEAPON_PISTOL',
          count: 1,
          slot: 2,
          metadata: {
            durability: 96.5,
            ammo: 12,
            components: ['at_flashlight'],
            serial: '519204QJX884102',
            registered: 'Marcus Hale',
            label: 'Pistol',
          },
        },
      ],
      NOW_MS,
    );
    expect(item).toEqual({
      name: 'WEAPON_PISTOL',
      count: 1,
      slot: 2,
      metadata: { durability: 96.5, ammo: 12, serial: '519204QJX884102', registered: 'Marcus Hale', components: ['at_flashlight'] },
    });
  });

  it('reads components that Lua wrote as an object with numeric keys', () => {
    const [item] = normaliseInventory(
      [{ name: 'WEAPON_SMG', count: 1, slot: 1, metadata: { components: { '1': 'at_clip_extended', '12': 'at_scope_macro' } } }],
      NOW_MS,
    );
    expect(item!.metadata.components).toEqual(['at_clip_extended', 'at_scope_macro']);
  });

  it('leaves out registered when ox stored false (an unregistered weapon)', () => {
    const [item] = normaliseInventory(
      [{ name: 'WEAPON_KNIFE', count: 1, slot: 1, metadata: { durability: 100, registered: false } }],
      NOW_MS,
    );
    expect(item!.metadata).toEqual({ durability: 100 });
  });

  it.each([
    ['a quarter of the lifetime left', NOW_S + 64_800, 25],
    ['the whole lifetime left', NOW_S + 259_200, 100],
    ['more than the lifetime left', NOW_S + 400_000, 100],
    ['expired', NOW_S - 10, 0],
  ])('turns an expiry with degrade 4320 min into the remaining share: %s', (_label, expiry, expected) => {
    const [item] = normaliseInventory([{ name: 'burger', count: 2, slot: 3, metadata: { durability: expiry, degrade: 4320 } }], NOW_MS);
    expect(item!.metadata).toEqual({ durability: expected });
  });

  it("reads B.6's burger at a fixed now: half of its 3-day lifetime left is 50", () => {
    const now = (1_717_600_000 - 129_600) * 1000;
    const [item] = normaliseInventory([{ name: 'burger', count: 2, slot: 3, metadata: { durability: 1717600000, degrade: 4320 } }], now);
    expect(item!.metadata.durability).toBe(50);
  });

  it.each([
    ['before expiry', NOW_S + 1, 100],
    ['at expiry', NOW_S, 0],
    ['after expiry', NOW_S - 1, 0],
  ])('gives an expiry without degrade 100 until it expires and 0 after: %s', (_label, expiry, expected) => {
    const [item] = normaliseInventory([{ name: 'ticket', count: 1, slot: 1, metadata: { durability: expiry } }], NOW_MS);
    expect(item!.metadata.durability).toBe(expected);
  });
});

describe('normaliseInventory (shapes)', () => {
  it.each([undefined, [], {}, 'junk'])('gives [] for %p', (value) => {
    expect(normaliseInventory(value, NOW_MS)).toEqual([]);
  });

  it('reads a sparse Lua table (object with numeric keys) and keeps each stored slot', () => {
    const items = normaliseInventory(
      {
        '1': { name: 'lockpick', amount: 2, info: '', slot: 1 },
        '14': { name: 'weapon_knife', amount: 1, info: { serie: '73abc4DE912fGhI', quality: 100 }, slot: 14 },
      },
      NOW_MS,
    );
    expect(items).toEqual([
      { name: 'lockpick', count: 2, slot: 1, metadata: {} },
      { name: 'weapon_knife', count: 1, slot: 14, metadata: { durability: 100, serial: '73abc4DE912fGhI' } },
    ]);
  });

  it('orders items by slot whatever order pairs() saved them in', () => {
    const items = normaliseInventory(
      [
        { name: 'c', amount: 1, slot: 9 },
        { name: 'a', amount: 1, slot: 1 },
        { name: 'b', amount: 1, slot: 4 },
      ],
      NOW_MS,
    );
    expect(items.map((i) => [i.slot, i.name])).toEqual([
      [1, 'a'],
      [4, 'b'],
      [9, 'c'],
    ]);
  });

  it('keeps the later of two entries for one slot, as the game loaders do', () => {
    const items = normaliseInventory(
      [
        { name: 'water', count: 1, slot: 3 },
        { name: 'bread', count: 2, slot: 4 },
        { name: 'cola', count: 5, slot: 3 },
      ],
      NOW_MS,
    );
    expect(items).toEqual([
      { name: 'cola', count: 5, slot: 3, metadata: {} },
      { name: 'bread', count: 2, slot: 4, metadata: {} },
    ]);
  });

  it('drops entries the game could not load: no name, no slot, not an object', () => {
    const items = normaliseInventory(
      [null, 'bread', { name: '', count: 1, slot: 1 }, { name: 'water', count: 1 }, { name: 'cola', count: 1, slot: 2 }],
      NOW_MS,
    );
    expect(items.map((i) => i.name)).toEqual(['cola']);
  });
});

describe('qb-inventory forks with a quality per unit of the stack', () => {
  const NOW_MS_FORKS = Date.UTC(2026, 10, 20);
  it.each([
    ['a list, one value per unit', [100, 87.5, 92], 87.5],
    ['a Lua list written as an object', { '1': 64, '2': 99 }, 64],
    ['values as strings, one broken', ['71', 'x', 80], 71],
    ['a value beyond the bounds', [140, 120], 100],
  ])('%s gives the lowest unit as durability', (_label, quality, expected) => {
    const [item] = normaliseInventory([{ name: 'bandage', amount: 3, slot: 4, info: { quality } }], NOW_MS_FORKS);
    expect(item!.metadata).toEqual({ durability: expected });
  });

  it('an empty list gives no durability at all', () => {
    const [item] = normaliseInventory([{ name: 'bandage', amount: 1, slot: 1, info: { quality: [] } }], NOW_MS_FORKS);
    expect(item!.metadata).toEqual({});
  });

  it('a stack of 200,000 units (half a megabyte of JSON, under max_column_bytes) still gives its lowest', () => {
    const quality = Array.from({ length: 200_000 }, (_, i) => (i === 123_456 ? 12 : 100));
    const [item] = normaliseInventory([{ name: 'water', amount: 200_000, slot: 1, info: { quality } }], NOW_MS_FORKS);
    expect(item!.metadata).toEqual({ durability: 12 });
  });
});

describe('item metadata strings', () => {
  it('have lone surrogates repaired, as every other string of the record', () => {
    const inventory = JSON.parse(
      '[{"name":"WEAPON_PISTOL","count":1,"slot":1,"metadata":{"serial":"519204QJX\\ud800","registered":"Zo\\udc00","components":["at_\\ud83d"]}}]',
    );
    const [item] = normaliseInventory(inventory, 0);
    expect(item!.metadata).toEqual({ serial: '519204QJX\uFFFD', registered: 'Zo\uFFFD', components: ['at_\uFFFD'] });
  });
});
