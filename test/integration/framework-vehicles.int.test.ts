/**
 * Labels and types of addon vehicles come from the shared vehicles list of the qb-core running
 * beside the resource, read through its exports when it starts and when it says it changed, never
 * per lookup.
 */
import { waitFor } from '../../devkit/host/host-fixture';
import { startHarness, type Harness } from '../../devkit/resource-harness';

describe('qb-core running beside the resource: its shared vehicles list', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness('veh_framework', ['qbcore.sql', 'qb-garages-vehicles.sql']);
    await h.db.admin.query(
      "INSERT INTO player_vehicles (license, citizenid, vehicle, hash, mods, plate, garage, state) VALUES ('license:9a3c5e7f1b2d4068ace13579bdf02468ace1357a', 'KQW48213', 'rmodgtr', NULL, '{}', 'ADDON 01', 'pillboxgarage', 1)",
    );
    // A stand-in qb-core (2026-05+, told by its GetOfflinePlayerByLicense export): GetShared('Vehicles')
    // returns QBShared.Vehicles keyed by spawn name; calls are counted.
    h.host.startScript(
      'qb-core',
      `globalThis.reads = 0;
       globalThis.Shared = { Vehicles: { rmodgtr: { model: 'rmodgtr', name: 'GT-R R35', brand: 'Nissan', price: 300000, category: 'super', type: 'automobile' } } };
       exports('GetShared', (key) => { if (key === 'Vehicles') reads += 1; return Shared[key]; });
       exports('GetOfflinePlayerByLicense', () => undefined);
       exports('GetPlayers', () => []);`,
    );
    await waitFor(
      () => h.host.linesOf('citizen_records').some((line) => line.includes('vehicle list from qb-core: 1 models')),
      'the vehicle list read',
    );
  });
  afterEach(() => expect(h.ownViolations()).toEqual([]));
  afterAll(() => h.close());

  const addon = async () => JSON.parse((await h.request('/beta/vehicles/addon01')).body).data;

  test('an addon model is named from the list, read once however many lookups, and read again on QBCore:Server:UpdateObject', async () => {
    expect(await addon()).toMatchObject({ plate: 'ADDON 01', model: 'rmodgtr', label: 'GT-R R35', type: 'automobile' });
    const readsBefore = h.host.evaluate('qb-core', 'reads');
    expect(readsBefore).toBeGreaterThan(0);
    for (let i = 0; i < 5; i++) await addon();
    expect(h.host.evaluate('qb-core', 'reads')).toBe(readsBefore);
    h.host.evaluate('qb-core', `Shared.Vehicles.rmodgtr.name = 'Skyline GT-R'; emit('QBCore:Server:UpdateObject')`);
    expect(await addon()).toMatchObject({ label: 'Skyline GT-R' });
  });
});
