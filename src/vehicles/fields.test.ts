import { bodyHealth, engineHealth, fuelLevel, fullName, jsonObject, vehicleProperties, vehicleState } from './fields';

test('state: 0 out, 1 garaged, 2 impounded; true/false as 1/0; anything else unknown', () => {
  expect([0, 1, 2, '0', '2', true, false].map(vehicleState)).toEqual(['out', 'garaged', 'impounded', 'out', 'impounded', 'garaged', 'out']);
  expect([3, -1, null, undefined, '', 'out', 1.5, [1]].map(vehicleState)).toEqual(Array(8).fill('unknown'));
});

test('fuel is clamped to 0–100, engine to −4000…1000, body to 0…1000; nothing stored gives 100, 1000, 1000', () => {
  expect([64.3, 150, -3, '42', null, undefined, 'full', Number.NaN].map(fuelLevel)).toEqual([64.3, 100, 0, 42, 100, 100, 100, 100]);
  expect([-4000, -5000, 1000.4, 873.2, null].map(engineHealth)).toEqual([-4000, -4000, 1000, 873.2, 1000]);
  expect([-1, 0, 2000, 998.2, undefined].map(bodyHealth)).toEqual([0, 0, 1000, 998.2, 1000]);
});

test('full name leaves out empty parts', () => {
  expect(fullName('Lena', 'Kowalczyk')).toBe('Lena Kowalczyk');
  expect(fullName(' Lena ', null)).toBe('Lena');
  expect(fullName(undefined, '')).toBe('');
});

describe('JSON columns', () => {
  test('unreadable JSON is no value, with one warning naming the plate and column', () => {
    const warnings: string[] = [];
    expect(jsonObject('{"model":123', 'vehicle', { plate: 'ABC 123', warn: (m) => warnings.push(m) })).toBeUndefined();
    expect(warnings).toEqual(['vehicle ABC 123: column vehicle holds unreadable JSON; the field takes its default']);
  });

  test('NULL, "" and a non-object are no value, without a warning; Lua\'s empty table [] is {}', () => {
    const warnings: string[] = [];
    const ctx = { plate: 'X', warn: (m: string) => warnings.push(m) };
    expect([null, '', '42', '"text"', '[1,2]'].map((raw) => jsonObject(raw, 'mods', ctx))).toEqual([
      undefined,
      undefined,
      undefined,
      undefined,
      undefined,
    ]);
    expect(jsonObject('[]', 'mods', ctx)).toEqual({});
    expect(warnings).toEqual([]);
  });

  test('properties carry over as both boundaries give them: no own __proto__, lone surrogates repaired', () => {
    const parsed = jsonObject('{"__proto__":{"x":1},"plate":"A\\ud800","color1":[255,0,0]}', 'vehicle', {
      plate: 'X',
      warn: () => undefined,
    });
    const properties = vehicleProperties(parsed);
    expect(Object.keys(properties)).toEqual(['plate', 'color1']);
    expect(properties).toEqual({ plate: 'A\uFFFD', color1: [255, 0, 0] });
    expect(vehicleProperties(undefined)).toEqual({});
  });
});
