import { normaliseLoadout } from './loadout';
import { alphaLoadoutItemSchema } from './schema';

describe('normaliseLoadout', () => {
  const loadout = (stored: unknown, slotted = false) => {
    const result = normaliseLoadout(stored, slotted);
    for (const weapon of result) alphaLoadoutItemSchema.parse(weapon);
    return result;
  };

  it('reads the v1-final+ map keyed by weapon name, in name order', () => {
    expect(
      loadout({
        WEAPON_PISTOL: { ammo: 48, components: ['clip_extended'] },
        WEAPON_KNIFE: { ammo: 0 },
        WEAPON_FLASHLIGHT: { ammo: 0, tintIndex: 2 },
      }),
    ).toEqual([
      { name: 'WEAPON_FLASHLIGHT', ammo: 0 },
      { name: 'WEAPON_KNIFE', ammo: 0 },
      { name: 'WEAPON_PISTOL', ammo: 48 },
    ]);
  });

  it('reads the 1.1/1.2 list of full weapons in stored order', () => {
    expect(
      loadout([
        { name: 'WEAPON_PISTOL', ammo: 24, label: 'Pistol', components: [] },
        { name: 'WEAPON_BAT', ammo: 0, label: 'Bat', components: [], tintIndex: 0 },
      ]),
    ).toEqual([
      { name: 'WEAPON_PISTOL', ammo: 24 },
      { name: 'WEAPON_BAT', ammo: 0 },
    ]);
  });

  it('gives a weapon without ammo 0', () => {
    expect(loadout({ WEAPON_KNIFE: [] })).toEqual([{ name: 'WEAPON_KNIFE', ammo: 0 }]);
  });

  it('is empty for [] and NULL', () => {
    expect(loadout([])).toEqual([]);
    expect(loadout(undefined)).toEqual([]);
  });

  it('is empty beside an ox_inventory slot array, even where convertesx left the old map', () => {
    expect(loadout({ WEAPON_PISTOL: { ammo: 48 } }, true)).toEqual([]);
  });
});
