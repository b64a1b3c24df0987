import { joaat } from './joaat';
import { baseCatalog, describeModel, readSharedVehicles } from './catalog';

/** qb-core's QBCore.Shared.Vehicles as GetShared('Vehicles') hands it to JS (qb-core shared/vehicles.lua, 2026). */
const QBCORE_SHARED = {
  adder: {
    spawncode: 'adder',
    name: 'Adder',
    brand: 'Truffade',
    model: 'adder',
    price: 280000,
    category: 'super',
    hash: joaat('adder'),
    type: 'automobile',
    shop: 'luxury',
  },
  seashark: {
    spawncode: 'seashark',
    name: 'Seashark',
    brand: 'Speedophile',
    model: 'seashark',
    price: 8000,
    category: 'boats',
    hash: joaat('seashark'),
    type: 'boat',
    shop: 'boats',
  },
  // An addon car the server added to its list.
  rmodgtr: {
    spawncode: 'rmodgtr',
    name: 'GT-R Nismo',
    brand: 'Nissan',
    model: 'rmodgtr',
    price: 120000,
    category: 'sports',
    hash: joaat('rmodgtr'),
    type: 'automobile',
    shop: 'pdm',
  },
};

/** qb-core's 2021 QBShared.Vehicles: hash as a string of the signed int. */
const QBCORE_2021_SHARED = {
  adder: { name: 'Adder', brand: 'Truffade', model: 'adder', price: 280000, category: 'super', hash: '-1216765807', shop: 'pdm' },
};

/** qbx_core's GetVehiclesByName(): hash from a backtick literal; a server-renamed label. */
const QBOX_SHARED = {
  sultan: {
    name: 'Sultan Classic',
    brand: 'Karin',
    model: 'sultan',
    price: 12000,
    category: 'sports',
    type: 'automobile',
    hash: joaat('sultan'),
  },
  maverick: {
    name: 'Maverick',
    brand: 'Buckingham',
    model: 'maverick',
    price: 750000,
    category: 'helicopters',
    type: 'heli',
    hash: joaat('maverick'),
  },
};

describe('the base-game catalog', () => {
  test('names a hash by its spawn name and display name, without type', () => {
    expect(baseCatalog().byHash.get(-16948145)).toEqual({ model: 'bison', label: 'Bison', type: '' });
    expect(describeModel('', joaat('adder'), undefined)).toEqual({ model: 'adder', label: 'Adder', type: '' });
  });

  test('an unknown hash is empty, whatever it is', () => {
    expect(describeModel('', 123456789, undefined)).toEqual({ model: '', label: '', type: '' });
    expect(describeModel('myaddon', joaat('myaddon'), undefined)).toEqual({ model: '', label: '', type: '' });
  });
});

describe("a framework's shared vehicles list", () => {
  test("names addon cars and gives the framework's type", () => {
    const shared = readSharedVehicles(QBCORE_SHARED);
    expect(describeModel('', joaat('rmodgtr'), shared)).toEqual({ model: 'rmodgtr', label: 'GT-R Nismo', type: 'automobile' });
    expect(describeModel('SEASHARK', 0, shared)).toEqual({ model: 'seashark', label: 'Seashark', type: 'boat' });
  });

  test("its label wins over the base game's; models it lacks still get the base game's", () => {
    const shared = readSharedVehicles(QBOX_SHARED);
    expect(describeModel('sultan', joaat('sultan'), shared).label).toBe('Sultan Classic');
    expect(describeModel('', joaat('maverick'), shared)).toEqual({ model: 'maverick', label: 'Maverick', type: 'heli' });
    expect(describeModel('bison', joaat('bison'), shared)).toEqual({ model: 'bison', label: 'Bison', type: '' });
  });

  test("reads 2021's string hashes, and entries keyed by model without a model field", () => {
    expect(readSharedVehicles(QBCORE_2021_SHARED).byHash.get(-1216765807)?.label).toBe('Adder');
    expect(readSharedVehicles({ blista: { name: 'Blista Compact', type: 'automobile' } }).byHash.get(joaat('blista'))).toEqual({
      model: 'blista',
      label: 'Blista Compact',
      type: 'automobile',
    });
  });

  test('anything else it may hold is skipped, never thrown on', () => {
    for (const list of [undefined, null, 42, 'vehicles', [], [null, 3, 'x'], { a: null, b: [], '1': { name: 'no model' } }]) {
      expect(() => readSharedVehicles(list)).not.toThrow();
    }
    expect(readSharedVehicles({ '1': { name: 'no model' }, x: 'y' }).byName.size).toBe(0);
    // A list (Lua array) of entries is read too.
    expect(readSharedVehicles([{ model: 'adder', name: 'Adder X' }]).byName.get('adder')?.label).toBe('Adder X');
  });
});
