/**
 * beta vehicle records from `player_vehicles` rows as prepareVehicles reads them (the owner's
 * `charinfo` joined as owner_charinfo), written like the rows QBCore and Qbox leave:
 * qb-vehicleshop's purchase (`mods` '{}', hash a string of the signed int), qb-garages' parked
 * props, qbx_vehicles' ox_lib properties with a padded plate, depots and impounds.
 */
import type { Row } from '../../db/database';
import { joaat } from '../../vehicles/joaat';
import { readSharedVehicles, type VehicleCatalog } from '../../vehicles/catalog';
import { vehicleRecordSchema, type VehicleRecord } from '../../vehicles/schema';
import { normaliseBetaVehicle } from './vehicles';

function run(row: Row, vehicles?: VehicleCatalog): { record: VehicleRecord; warnings: string[] } {
  const warnings: string[] = [];
  const record = normaliseBetaVehicle(row, { warn: (m) => warnings.push(m), vehicles });
  return { record: vehicleRecordSchema.parse(record), warnings };
}

const CHARINFO =
  '{"firstname":"Zoë","lastname":"Brandt","birthdate":"1993-02-17","gender":1,"nationality":"German","phone":"4157732901","account":"US04QBCore5821337741","cid":1}';

/** qb-vehicleshop's insert: mods '{}', state 0 (driven off the lot), garage pillboxgarage by the column default. */
const QB_PURCHASE: Row = {
  plate: '1AB234CD',
  citizenid: 'KQW48213',
  vehicle: 'vigero',
  hash: '-825837129',
  mods: '{}',
  fakeplate: null,
  garage: 'pillboxgarage',
  fuel: 100,
  engine: 1000,
  body: 1000,
  state: 0,
  owner_charinfo: CHARINFO,
};

/** QBCore.Functions.GetVehicleProperties as qb-mechanicjob saves it on parking. */
const QB_PROPS =
  '{"model":-825837129,"plate":"1AB234CD","plateIndex":0,"bodyHealth":987.5,"engineHealth":991.0,"tankHealth":1000.0,"fuelLevel":63.2,"dirtLevel":2.1,"oilLevel":4.8,' +
  '"color1":[12,12,12],"color2":0,"pearlescentColor":0,"wheelColor":156,"wheels":1,"tireHealth":{"0":1000.0,"1":1000.0,"4":1000.0,"5":1000.0},' +
  '"doorStatus":{"0":false,"1":false},"windowStatus":{"0":true,"1":true},"neonEnabled":[false,false,false,false],"extras":[],"modEngine":3,"modLivery":-1}';

test("bought at qb-vehicleshop: model from the vehicle column, hash from the hash string, the owner's charinfo name", () => {
  const { record, warnings } = run(QB_PURCHASE);
  expect(warnings).toEqual([]);
  expect(record).toEqual({
    plate: '1AB234CD',
    owner: 'KQW48213',
    owner_name: 'Zoë Brandt',
    model: 'vigero',
    label: 'Vigero',
    model_hash: -825837129,
    type: '',
    job: '',
    state: 'out',
    garage: 'pillboxgarage',
    fuel: 100,
    engine: 1000,
    body: 1000,
    fakeplate: '',
    properties: {},
  });
});

test("parked in qb-garages: state 1, the columns' fuel and health (rounded by qb-garages), the saved props", () => {
  const { record } = run({ ...QB_PURCHASE, mods: QB_PROPS, state: 1, fuel: 63, engine: 991, body: 988 });
  expect(record).toMatchObject({ state: 'garaged', garage: 'pillboxgarage', fuel: 63, engine: 991, body: 988 });
  expect(record.properties).toMatchObject({ modEngine: 3, color1: [12, 12, 12], tireHealth: { '0': 1000, '5': 1000 } });
});

test("QBCore's depot (state 0 with a fee) is out, police seizure (state 2) impounded, other values unknown", () => {
  expect(run({ ...QB_PURCHASE, state: 0, depotprice: 500 }).record.state).toBe('out');
  expect(run({ ...QB_PURCHASE, state: 2 }).record.state).toBe('impounded');
  expect(run({ ...QB_PURCHASE, state: 3 }).record.state).toBe('unknown');
  expect(run({ ...QB_PURCHASE, state: null }).record.state).toBe('unknown');
});

test('Qbox: a plate padded to 8 is shown trimmed, ox_lib properties kept as saved', () => {
  const props =
    '{"model":-1216765807,"plate":"GTR     ","plateIndex":0,"lockState":1,"bodyHealth":1000,"engineHealth":1000,"tankHealth":1000,"fuelLevel":100,"paintType1":7,"color1":[0,0,0],"modNitrous":-1,"bulletProofTyres":true,"driftTyres":false}';
  const { record } = run({
    plate: 'GTR     ',
    citizenid: 'QX7M2K9B',
    vehicle: 'adder',
    hash: '-1216765807',
    mods: props,
    fakeplate: null,
    garage: 'pillboxgarage',
    fuel: 100,
    engine: 1000,
    body: 1000,
    state: 1,
    owner_charinfo: '{"firstname":"Ana","lastname":"Łukasik"}',
  });
  expect(record).toMatchObject({ plate: 'GTR', owner_name: 'Ana Łukasik', model: 'adder', label: 'Adder', model_hash: -1216765807 });
  expect(record.properties).toMatchObject({ plate: 'GTR     ', lockState: 1, bulletProofTyres: true });
});

test("no hash stored: joaat of the vehicle column; no vehicle either: the properties' model", () => {
  expect(run({ ...QB_PURCHASE, hash: null }).record.model_hash).toBe(joaat('vigero'));
  expect(run({ ...QB_PURCHASE, hash: '', vehicle: 'Sultan' }).record).toMatchObject({
    model: 'Sultan',
    label: 'Sultan',
    model_hash: joaat('sultan'),
  });
  expect(run({ ...QB_PURCHASE, hash: null, vehicle: null, mods: QB_PROPS }).record).toMatchObject({
    model: 'vigero',
    model_hash: -825837129,
  });
  expect(run({ plate: 'X', citizenid: 'A' }).record).toMatchObject({
    model: '',
    label: '',
    model_hash: 0,
    fuel: 100,
    engine: 1000,
    body: 1000,
    state: 'unknown',
    garage: '',
  });
});

test("the framework's shared list gives label and type, addon cars included", () => {
  const shared = readSharedVehicles({
    vigero: { model: 'vigero', name: 'Vigero Classic', type: 'automobile', hash: joaat('vigero') },
    rmodgtr: { model: 'rmodgtr', name: 'GT-R Nismo', type: 'automobile', hash: joaat('rmodgtr') },
  });
  expect(run(QB_PURCHASE, shared).record).toMatchObject({ label: 'Vigero Classic', type: 'automobile' });
  expect(run({ ...QB_PURCHASE, vehicle: 'rmodgtr', hash: String(joaat('rmodgtr')) }, shared).record).toMatchObject({
    model: 'rmodgtr',
    label: 'GT-R Nismo',
    type: 'automobile',
  });
  expect(run({ ...QB_PURCHASE, vehicle: 'rmodgtr', hash: String(joaat('rmodgtr')) }).record).toMatchObject({
    model: 'rmodgtr',
    label: '',
    type: '',
  });
});

test('fuel beyond 0–100 and engine below −4000 are clamped; a fake plate is carried', () => {
  expect(run({ ...QB_PURCHASE, fuel: 140, engine: -4600.5, body: -20, fakeplate: 'FAKE 99' }).record).toMatchObject({
    fuel: 100,
    engine: -4000,
    body: 0,
    fakeplate: 'FAKE 99',
  });
});

test('unreadable mods and charinfo: {} and "", one warning per plate and column', () => {
  const { record, warnings } = run({ ...QB_PURCHASE, mods: '{"model":', owner_charinfo: 'not json' });
  expect(record).toMatchObject({ properties: {}, owner_name: '' });
  expect(warnings).toEqual([
    'vehicle 1AB234CD: column mods holds unreadable JSON; the field takes its default',
    'vehicle 1AB234CD: column players.charinfo holds unreadable JSON; the field takes its default',
  ]);
});
