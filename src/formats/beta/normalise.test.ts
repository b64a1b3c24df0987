import { normaliseBetaRow } from './normalise';
import { betaRecordSchema, type BetaRecord } from './schema';
import { ALL_ROWS, qbcore2021Row, qbcoreOxRow, qbcoreRecord, qbcoreRow, qboxRow } from './__fixtures__/rows';

/** Half of B.6's burger lifetime (3 days) before its expiry. */
const NOW_MS = (1_717_600_000 - 129_600) * 1000;

function normalise(row: Record<string, unknown>, warn: (message: string) => void = () => undefined): BetaRecord {
  return normaliseBetaRow(row, { warn, nowMs: NOW_MS });
}

/** The bounds of docs/design.md §8.3, checked by hand besides the schema. */
function expectSpecBounds(record: BetaRecord): void {
  const { hunger, thirst, stress, armor } = record.metadata;
  for (const gauge of [hunger, thirst, stress, armor]) {
    expect(gauge).toBeGreaterThanOrEqual(0);
    expect(gauge).toBeLessThanOrEqual(100);
  }
  for (const { metadata } of record.inventory) {
    if (metadata.durability !== undefined) {
      expect(metadata.durability).toBeGreaterThanOrEqual(0);
      expect(metadata.durability).toBeLessThanOrEqual(100);
    }
    if (metadata.ammo !== undefined) expect(metadata.ammo).toBeGreaterThanOrEqual(0);
  }
}

describe('normaliseBetaRow', () => {
  it('gives the whole record of a current QBCore row with qb-inventory (B.5)', () => {
    expect(normalise(qbcoreRow)).toEqual(qbcoreRecord);
  });

  it('reads a QBCore + ox_inventory row (B.6)', () => {
    const record = normalise(qbcoreOxRow);
    expect(record.charinfo.cid).toBe('2');
    expect(record.charinfo.gender).toBe('male');
    expect(record.job.grade).toEqual({ name: 'Novice', level: 1, payment: 50, isboss: false });
    expect(record.gang).toEqual({ name: 'ballas', label: 'Ballas', isboss: false, grade: { name: 'Recruit', level: 0, isboss: false } });
    expect(record.position).toEqual({ x: -1035.7099609375, y: -2731.8701171875, z: 12.86000061035156 });
    expect(record.metadata.injail).toBe(12);
    expect(record.metadata.criminalrecord).toEqual({ hasRecord: true });
    expect(record.metadata.licences).toEqual({ driver: true, weapon: false, business: false });
    expect(record.metadata.phonedata).toEqual({ SerialNumber: 33019284, InstalledApps: [] });
    expect(record.inventory).toEqual([
      { name: 'money', count: 320, slot: 1, metadata: {} },
      {
        name: 'WEAPON_PISTOL',
        count: 1,
        slot: 2,
        metadata: { durability: 96.5, ammo: 12, serial: '519204QJX884102', registered: 'Marcus Hale', components: ['at_flashlight'] },
      },
      { name: 'burger', count: 2, slot: 3, metadata: { durability: 50 } },
      { name: 'bandage', count: 5, slot: 7, metadata: {} },
    ]);
    expect(record.last_updated).toBe('2024-06-02T18:44:10.000Z');
  });

  it('reads a Qbox row (B.7)', () => {
    const record = normalise(qboxRow);
    expect(record.license).toBe('license2:51d0c8a2e9f74b36c1a05d9e8f27b4c63e0a19d5');
    expect(record.name).toBe('Ana Łukasik');
    expect(record.job).toEqual({
      name: 'ambulance',
      label: 'EMS',
      type: 'ems',
      isboss: false,
      onduty: false,
      grade: { name: 'Paramedic', level: 1, payment: 50, isboss: false },
      payment: 50,
    });
    expect(record.gang.grade).toEqual({ name: 'Unaffiliated', level: 0, isboss: false });
    expect(record.position).toEqual({ x: -1037.7110595703125, y: -2737.9296875, z: 20.169275283813477 });
    expect(record.metadata.licences).toEqual({ driver: true, weapon: false, business: false });
    expect(record.inventory.map((i) => [i.slot, i.name, i.count])).toEqual([
      [1, 'money', 500],
      [2, 'bandage', 6],
      [3, 'phone', 1],
    ]);
    expect(record.last_updated).toBe('2026-07-19T22:41:09.000Z');
  });

  it('reads an April 2021 row from the `#` table (B.8)', () => {
    const record = normalise(qbcore2021Row);
    expect(record.id).toBe(4190);
    expect(record.charinfo).toMatchObject({ nationality: 'Dutch', phone: '0641827736', account: 'NL05QBUS4417220938', cid: '1' });
    expect(record.job).toEqual({
      name: 'unemployed',
      label: 'unemployed',
      type: 'none',
      isboss: false,
      onduty: true,
      grade: { name: 'Freelancer', level: 0, payment: 10, isboss: false },
      payment: 10,
    });
    expect(record.gang).toEqual({ name: 'geen', label: 'Geen Gang', isboss: false, grade: { name: '', level: 0, isboss: false } });
    expect(record.position).toEqual({ x: -1035.71, y: -2731.87, z: 12.86 });
    expect(record.metadata.licences).toEqual({ driver: true, weapon: false, business: false });
    expect(record.inventory).toEqual([]);
  });

  it("keeps a latin1 table's mangled name as stored", () => {
    expect(normalise({ ...qbcore2021Row, name: 'Zo? ??' }).name).toBe('Zo? ??');
  });

  it.each(Object.entries(ALL_ROWS))('gives a record of %s that the schema accepts and that keeps the record bounds', (_label, row) => {
    const warn = jest.fn();
    const record = normalise(row, warn);
    expect(betaRecordSchema.parse(record)).toEqual(record);
    expectSpecBounds(record);
    expect(warn).not.toHaveBeenCalled();
  });

  it('keeps the record bounds for out-of-range metadata and items', () => {
    const record = normalise({
      ...qbcoreRow,
      metadata: '{"hunger":-12,"thirst":180.5,"stress":"999","armor":101}',
      inventory:
        '[{"name":"weapon_smg","amount":1,"info":{"quality":-3,"ammo":-30},"slot":1},{"name":"burger","count":1,"slot":2,"metadata":{"durability":1,"degrade":4320}}]',
    });
    expect([record.metadata.hunger, record.metadata.thirst, record.metadata.stress, record.metadata.armor]).toEqual([0, 100, 100, 100]);
    expect(record.inventory.map((i) => i.metadata)).toEqual([{ durability: 0, ammo: 0 }, { durability: 1 }]);
    expectSpecBounds(record);
    expect(() => betaRecordSchema.parse(record)).not.toThrow();
  });

  it('gives a row of NULLs the framework defaults and "" for a missing last_updated, without warnings', () => {
    const warn = jest.fn();
    const record = normalise(
      {
        id: 7,
        citizenid: 'ABC12345',
        cid: null,
        license: 'license:ab',
        name: 'x',
        money: null,
        charinfo: null,
        job: null,
        gang: null,
        position: null,
        metadata: null,
        inventory: null,
      },
      warn,
    );
    expect(record.money).toEqual({ cash: 500, bank: 5000, crypto: 0 });
    expect(record.job.name).toBe('unemployed');
    expect(record.gang.name).toBe('none');
    expect(record.charinfo.firstname).toBe('Firstname');
    expect(record.metadata.callsign).toBe('NO CALLSIGN');
    expect(record.inventory).toEqual([]);
    expect(record.last_updated).toBe('');
    expect(warn).not.toHaveBeenCalled();
    expect(() => betaRecordSchema.parse(record)).not.toThrow();
  });

  it('defaults a column of unreadable JSON and warns exactly once, naming the citizen and the column', () => {
    const warn = jest.fn();
    const record = normalise({ ...qbcoreRow, metadata: '{"hunger":87.4,"thirst":88.6,"phoneda' }, warn);
    expect(record.metadata.hunger).toBe(100);
    expect(record.metadata.callsign).toBe('NO CALLSIGN');
    expect(record.job.name).toBe('police');
    expect(warn).toHaveBeenCalledTimes(1);
    expect(warn.mock.calls[0]![0]).toContain('KQW48213');
    expect(warn.mock.calls[0]![0]).toContain('metadata');
    expect(() => betaRecordSchema.parse(record)).not.toThrow();
  });

  it('warns once per unreadable column', () => {
    const warn = jest.fn();
    const record = normalise({ ...qbcoreRow, job: '{"name":"police"', inventory: '[{"name":"water",' }, warn);
    expect(record.job.name).toBe('unemployed');
    expect(record.inventory).toEqual([]);
    expect(warn).toHaveBeenCalledTimes(2);
    expect(warn.mock.calls.flat()).toEqual(
      expect.arrayContaining([expect.stringMatching(/KQW48213.*\bjob\b/), expect.stringMatching(/KQW48213.*\binventory\b/)]),
    );
  });
});
