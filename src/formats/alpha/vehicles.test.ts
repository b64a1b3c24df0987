/**
 * alpha vehicle records from `owned_vehicles` rows as prepareVehicles reads them (the owner's names
 * joined as owner_firstname/owner_lastname, `stored` as a number), written like the rows the ESX
 * generations leave: esx_vehicleshop's purchase-time `{model, plate}`, ESX.Game.GetVehicleProperties
 * of 1.1 (no fuel), 1.2+ and Legacy, esx_garage's parking/pound, job fleet cars.
 */
import type { Row } from '../../db/database';
import { joaat } from '../../vehicles/joaat';
import { readSharedVehicles } from '../../vehicles/catalog';
import { vehicleRecordSchema, type VehicleRecord } from '../../vehicles/schema';
import { normaliseAlphaVehicle } from './vehicles';

function run(row: Row, vehicles = readSharedVehicles(undefined)): { record: VehicleRecord; warnings: string[] } {
  const warnings: string[] = [];
  const record = normaliseAlphaVehicle(row, { warn: (m) => warnings.push(m), vehicles });
  return { record: vehicleRecordSchema.parse(record), warnings };
}

const OWNER = 'char1:7c1f0a9e3b5d2c4f8a6e1b0d9c7f3a2e5b8d4c10';

/** Legacy main's GetVehicleProperties, parked by esx_garage at a garage. */
const LEGACY_PROPS =
  '{"model":-16948145,"doorsBroken":{"0":false,"1":false},"windowsBroken":{"0":false},"tyreBurst":{"0":false},"tyresCanBurst":true,"plate":"KLM 482","plateIndex":0,' +
  '"bodyHealth":912.4,"engineHealth":873.2,"tankHealth":1000.0,"fuelLevel":41.7,"dirtLevel":6.3,"color1":12,"color2":12,"pearlescentColor":5,"wheelColor":156,' +
  '"dashboardColor":0,"interiorColor":0,"wheels":3,"windowTint":-1,"xenonColor":255,"customXenonColor":false,"neonEnabled":[false,false,false,false],' +
  '"neonColor":[255,0,255],"extras":[],"tyreSmokeColor":[255,255,255],"modSpoilers":-1,"modEngine":2,"modTurbo":false,"modXenon":false,"modLivery":-1}';

describe('ESX Legacy with esx_garage (parking, pound)', () => {
  const base = {
    plate: 'KLM 482',
    owner: OWNER,
    vehicle: LEGACY_PROPS,
    type: 'car',
    job: null,
    parking: 'SanAndreasAvenue',
    pound: null,
    owner_firstname: 'Lena',
    owner_lastname: 'Kowalczyk',
  };

  test('a garaged car: its garage, fuel and health from the properties, model and label from the hash', () => {
    const { record, warnings } = run({ ...base, stored: 1 });
    expect(warnings).toEqual([]);
    expect({ ...record, properties: undefined }).toEqual({
      plate: 'KLM 482',
      owner: OWNER,
      owner_name: 'Lena Kowalczyk',
      model: 'bison',
      label: 'Bison',
      model_hash: -16948145,
      type: 'car',
      job: '',
      state: 'garaged',
      garage: 'SanAndreasAvenue',
      fuel: 41.7,
      engine: 873.2,
      body: 912.4,
      fakeplate: '',
      properties: undefined,
    });
    expect(record.properties).toMatchObject({ model: -16948145, plate: 'KLM 482', modEngine: 2, neonColor: [255, 0, 255], extras: {} });
  });

  test('impounded (stored 2): the pound is the garage', () => {
    expect(run({ ...base, stored: 2, parking: null, pound: 'LosSantos' }).record).toMatchObject({
      state: 'impounded',
      garage: 'LosSantos',
    });
  });

  test('out (stored 0, esx_garage clears parking and pound)', () => {
    expect(run({ ...base, stored: 0, parking: null }).record).toMatchObject({ state: 'out', garage: '' });
  });

  test('a stored value no ESX garage writes is unknown', () => {
    expect(run({ ...base, stored: 7 }).record.state).toBe('unknown');
    expect(run({ ...base, stored: null }).record.state).toBe('unknown');
  });
});

test('bought and never parked: esx_vehicleshop wrote only {model, plate}; fuel and health take their defaults', () => {
  const { record } = run({
    plate: 'ABC 123',
    owner: OWNER,
    vehicle: `{"model":${joaat('blista')},"plate":"ABC 123"}`,
    type: 'car',
    job: null,
    stored: 0,
  });
  expect(record).toMatchObject({
    model: 'blista',
    label: 'Blista',
    fuel: 100,
    engine: 1000,
    body: 1000,
    properties: { model: joaat('blista'), plate: 'ABC 123' },
  });
});

test('ESX 1.1 (owner VARCHAR(22), TINYINT(1) stored, properties without fuel or health): the defaults', () => {
  const props = `{"model":${joaat('sultan')},"plate":"XYZ 987","plateIndex":0,"health":1000,"dirtLevel":4.0,"color1":0,"color2":0,"neonEnabled":[false,false,false,false],"modTurbo":false}`;
  const { record } = run({
    plate: 'XYZ 987',
    owner: 'steam:110000112a4b3c5',
    vehicle: props,
    type: 'car',
    job: '',
    stored: 1,
    owner_firstname: 'Kevin',
    owner_lastname: 'Walsh',
  });
  expect(record).toMatchObject({
    owner: 'steam:110000112a4b3c5',
    owner_name: 'Kevin Walsh',
    model: 'sultan',
    state: 'garaged',
    garage: '',
    fuel: 100,
    engine: 1000,
    body: 1000,
  });
});

test('a police fleet car is listed with its job and type', () => {
  const { record } = run({
    plate: 'LSPD 014',
    owner: OWNER,
    vehicle: `{"model":${joaat('police3')},"plate":"LSPD 014"}`,
    type: 'car',
    job: 'police',
    stored: 1,
  });
  expect(record).toMatchObject({ job: 'police', model: 'police3', label: 'Police Cruiser' });
  expect(
    run({ plate: 'B 1', owner: OWNER, vehicle: `{"model":${joaat('seashark')}}`, type: 'boat', job: null, stored: 1 }).record.type,
  ).toBe('boat');
});

test('a model stored unsigned, or as a spawn name, is the same model', () => {
  expect(run({ plate: 'U 1', owner: OWNER, vehicle: '{"model":4278019151}' }).record).toMatchObject({
    model: 'bison',
    model_hash: -16948145,
  });
  expect(run({ plate: 'U 2', owner: OWNER, vehicle: '{"model":"Sultan"}' }).record).toMatchObject({
    model: 'sultan',
    model_hash: joaat('sultan'),
  });
});

test('an addon car: "" with its hash kept, or its name from a running framework\'s list', () => {
  const hash = joaat('rmodgtr');
  const row = { plate: 'GTR 001', owner: OWNER, vehicle: `{"model":${hash}}` };
  expect(run(row).record).toMatchObject({ model: '', label: '', model_hash: hash });
  const shared = readSharedVehicles({ rmodgtr: { model: 'rmodgtr', name: 'GT-R Nismo', type: 'automobile', hash } });
  expect(run(row, shared).record).toMatchObject({ model: 'rmodgtr', label: 'GT-R Nismo', model_hash: hash, type: 'car' });
});

test('unreadable JSON: {} and defaults, one warning naming the plate and column', () => {
  const { record, warnings } = run({ plate: 'BAD 1', owner: OWNER, vehicle: '{"model":-16948145,"plate":', type: 'car', stored: 1 });
  expect(record).toMatchObject({ model: '', model_hash: 0, fuel: 100, properties: {} });
  expect(warnings).toEqual(['vehicle BAD 1: column vehicle holds unreadable JSON; the field takes its default']);
});

test("a table without type, job, stored, parking or pound (2018 shapes): ESX's defaults", () => {
  const { record } = run({ plate: 'old 42', owner: 'steam:11000010a1b2c3d', vehicle: null });
  expect(record).toEqual({
    plate: 'OLD 42',
    owner: 'steam:11000010a1b2c3d',
    owner_name: '',
    model: '',
    label: '',
    model_hash: 0,
    type: 'car',
    job: '',
    state: 'unknown',
    garage: '',
    fuel: 100,
    engine: 1000,
    body: 1000,
    fakeplate: '',
    properties: {},
  });
});
