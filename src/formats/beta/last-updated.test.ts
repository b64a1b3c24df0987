import { lastUpdatedIso } from './last-updated';

describe('lastUpdatedIso', () => {
  it('gives ISO 8601 UTC from whole seconds', () => {
    expect(lastUpdatedIso(Date.UTC(2026, 10, 20, 18, 4, 5) / 1000)).toBe('2026-11-20T18:04:05.000Z');
  });

  it('reads the DECIMAL string of a fractional TIMESTAMP, keeping milliseconds', () => {
    expect(lastUpdatedIso(`${Date.UTC(2026, 2, 14, 21, 7, 33) / 1000}.250000`)).toBe('2026-03-14T21:07:33.250Z');
  });

  it('cuts microseconds rather than rounding them into the next second', () => {
    expect(lastUpdatedIso(`${Date.UTC(2026, 11, 31, 23, 59, 59) / 1000}.999600`)).toBe('2026-12-31T23:59:59.999Z');
    expect(lastUpdatedIso(`${Date.UTC(2026, 2, 14, 21, 7, 33) / 1000}.123000`)).toBe('2026-03-14T21:07:33.123Z');
  });

  it('gives "" past the last time ISO 8601 writes with four-digit years', () => {
    expect(lastUpdatedIso(Date.UTC(9999, 11, 31, 23, 59, 59) / 1000 + 0.9995)).toBe('9999-12-31T23:59:59.999Z');
    expect(lastUpdatedIso(Date.UTC(10000, 0, 1) / 1000)).toBe('');
  });

  it.each([undefined, null, 0, '0', 'soon', Number.NaN])('gives "" for %p', (value) => {
    expect(lastUpdatedIso(value)).toBe('');
  });
});
