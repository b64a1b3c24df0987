import { normalisePosition } from './position';

describe('normalisePosition', () => {
  it.each([
    [
      '{x,y,z} (2022+)',
      { x: 441.8338623046875, y: -981.9259643554688, z: 30.68960571289062 },
      { x: 441.8338623046875, y: -981.9259643554688, z: 30.68960571289062 },
    ],
    ['{x,y,z,a} (2021)', { x: -1035.71, y: -2731.87, z: 12.86, a: 0.0 }, { x: -1035.71, y: -2731.87, z: 12.86 }],
    [
      '{x,y,z,w} (Qbox)',
      { x: -1037.7110595703125, y: -2737.9296875, z: 20.169275283813477, w: 329.0516052246094 },
      { x: -1037.7110595703125, y: -2737.9296875, z: 20.169275283813477 },
    ],
  ])('drops the heading of %s', (_label, stored, expected) => {
    expect(normalisePosition(stored)).toEqual(expected);
  });

  it.each([undefined, [], {}])("puts a row without position (%p) at qb-core's default spawn", (value) => {
    expect(normalisePosition(value)).toEqual({ x: -1035.71, y: -2731.87, z: 12.86 });
  });
});
