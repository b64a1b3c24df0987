import { EMPTY_SKIN } from './__fixtures__/empty-skin';
import { LEGACY_1_13_OX_ILLENIUM, LEGACY_1_9_SKINCHANGER, V1_FINAL_ROW } from './__fixtures__/rows';
import { alphaSkinSchema, type AlphaSkin } from './schema';
import { normaliseSkin } from './skin';
import type { AlphaSex } from './sex';

function convert(stored: unknown, sex: AlphaSex = 'm'): AlphaSkin {
  return alphaSkinSchema.parse(normaliseSkin(stored, sex));
}

const b2Skin = JSON.parse(LEGACY_1_9_SKINCHANGER.skin as string) as Record<string, unknown>;
const b1Skin = JSON.parse(LEGACY_1_13_OX_ILLENIUM.skin as string) as Record<string, unknown>;

describe('skinchanger skin (B.2), converted with illenium-appearance mapping', () => {
  const skin = convert(b2Skin, 'm');

  it('takes the model from users.sex', () => {
    expect(skin.model).toBe('mp_m_freemode_01');
    expect(convert(b2Skin, 'f').model).toBe('mp_f_freemode_01');
    expect(convert(b2Skin, '').model).toBe('mp_m_freemode_01');
  });

  it('blends mom and dad into both shape and skin, weights over 100', () => {
    // mom 21, dad 4, face_md_weight 50, skin_md_weight 50
    expect(skin.headBlend).toEqual({
      shapeFirst: 21,
      shapeSecond: 4,
      shapeMix: 0.5,
      skinFirst: 21,
      skinSecond: 4,
      skinMix: 0.5,
    });
  });

  it('maps hair_1, hair_color_1, hair_color_2 and eye_color', () => {
    // hair_1 12, hair_color_1 3, hair_color_2 0, eye_color 3
    expect(skin.hair).toEqual({ style: 12, color: 3, highlight: 0 });
    expect(skin.eyeColor).toBe(3);
  });

  it('maps clothing keys onto components 0-11, with 0 and 2 empty', () => {
    expect(skin.components.map((c) => c.component_id)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11]);
    const byId = new Map(skin.components.map((c) => [c.component_id, [c.drawable, c.texture]]));
    expect(byId.get(0)).toEqual([0, 0]);
    expect(byId.get(2)).toEqual([0, 0]);
    expect(byId.get(3)).toEqual([1, 0]); // arms 1, arms_2 0
    expect(byId.get(4)).toEqual([24, 5]); // pants_1 24, pants_2 5
    expect(byId.get(6)).toEqual([10, 0]); // shoes
    expect(byId.get(8)).toEqual([15, 0]); // tshirt
    expect(byId.get(11)).toEqual([86, 2]); // torso_1 86, torso_2 2
  });

  it('maps helmet, glasses, ears, watches and bracelets onto props 0, 1, 2, 6, 7', () => {
    expect(skin.props).toEqual([
      { prop_id: 0, drawable: -1, texture: 0 },
      { prop_id: 1, drawable: 0, texture: 0 },
      { prop_id: 2, drawable: -1, texture: 0 },
      { prop_id: 6, drawable: -1, texture: 0 },
      { prop_id: 7, drawable: -1, texture: 0 },
    ]);
  });

  it('maps overlays: style _1, opacity _2 / 10, colours _3/_4 where the overlay has them', () => {
    expect(Object.keys(skin.headOverlays).sort()).toEqual(
      [
        'ageing',
        'beard',
        'blemishes',
        'blush',
        'bodyBlemishes',
        'chestHair',
        'complexion',
        'eyebrows',
        'lipstick',
        'makeUp',
        'moleAndFreckles',
        'sunDamage',
      ].sort(),
    );
    // beard_1 11, beard_2 10, beard_3 3, beard_4 0
    expect(skin.headOverlays.beard).toEqual({ style: 11, opacity: 1, color: 3, secondColor: 0 });
    // eyebrows_1 12, eyebrows_2 10, eyebrows_3 3, eyebrows_4 0
    expect(skin.headOverlays.eyebrows).toEqual({ style: 12, opacity: 1, color: 3, secondColor: 0 });
    // bodyb_1 -1, bodyb_2 0, bodyb_3 -1, bodyb_4 0
    expect(skin.headOverlays.bodyBlemishes).toEqual({ style: -1, opacity: 0, color: -1, secondColor: 0 });
  });

  it('leaves tattoos empty', () => {
    expect(skin.tattoos).toEqual([]);
  });
});

describe('skinchanger mapping of single keys', () => {
  it('divides face sliders by 10 under their appearance names', () => {
    const skin = convert({
      ...b2Skin,
      nose_1: 5,
      nose_6: -2,
      eyebrows_5: 3,
      eyebrows_6: -10,
      cheeks_2: 4,
      eye_squint: 7,
      lip_thickness: -5,
      jaw_2: 1,
      chin_2: -3,
      chin_4: 10,
      neck_thickness: 6,
    });
    expect(skin.faceFeatures).toMatchObject({
      noseWidth: 0.5,
      noseBoneTwist: -0.2,
      eyeBrownHigh: 0.3,
      eyeBrownForward: -1,
      cheeksBoneWidth: 0.4,
      eyesOpening: 0.7,
      lipsThickness: -0.5,
      jawBoneBackSize: 0.1,
      chinBoneLenght: -0.3,
      chinHole: 1,
      neckThickness: 0.6,
    });
    expect(Object.keys(skin.faceFeatures)).toHaveLength(20);
  });

  it('reads overlays from their skinchanger prefixes; colourless ones get colour 0', () => {
    const skin = convert({
      sex: 1,
      age_1: 3,
      age_2: 5,
      age_3: 9,
      makeup_1: 4,
      makeup_2: 6,
      makeup_3: 2,
      makeup_4: 1,
      sun_1: 2,
      moles_1: 7,
      moles_2: 10,
      chest_1: 8,
      chest_2: 10,
      chest_3: 5,
      blush_1: 2,
      blush_2: 3,
      blush_3: 4,
      lipstick_1: 2,
      lipstick_2: 7,
      lipstick_3: 5,
      lipstick_4: 6,
    });
    expect(skin.headOverlays.ageing).toEqual({ style: 3, opacity: 0.5, color: 0, secondColor: 0 });
    expect(skin.headOverlays.makeUp).toEqual({ style: 4, opacity: 0.6, color: 2, secondColor: 1 });
    expect(skin.headOverlays.sunDamage).toEqual({ style: 2, opacity: 0, color: 0, secondColor: 0 });
    expect(skin.headOverlays.moleAndFreckles).toEqual({ style: 7, opacity: 1, color: 0, secondColor: 0 });
    expect(skin.headOverlays.chestHair).toEqual({ style: 8, opacity: 1, color: 5, secondColor: 0 });
    expect(skin.headOverlays.blush).toEqual({ style: 2, opacity: 0.3, color: 4, secondColor: 0 });
    expect(skin.headOverlays.lipstick).toEqual({ style: 2, opacity: 0.7, color: 5, secondColor: 6 });
  });

  it('maps mask, bags, chain, bproof and decals', () => {
    const skin = convert({
      hair_1: 0,
      mask_1: 51,
      mask_2: 3,
      bags_1: 45,
      bags_2: 1,
      chain_1: 12,
      chain_2: 2,
      bproof_1: 7,
      bproof_2: 4,
      decals_1: 9,
      decals_2: 8,
    });
    const byId = new Map(skin.components.map((c) => [c.component_id, [c.drawable, c.texture]]));
    expect(byId.get(1)).toEqual([51, 3]);
    expect(byId.get(5)).toEqual([45, 1]);
    expect(byId.get(7)).toEqual([12, 2]);
    expect(byId.get(9)).toEqual([7, 4]);
    expect(byId.get(10)).toEqual([9, 8]);
  });

  it('gives keys an older skinchanger did not save 0, and missing props -1', () => {
    // B.3: no mask, bags, ears, watches, bracelets, eye_color or overlays besides the beard
    const skin = convert(JSON.parse(V1_FINAL_ROW.skin as string));
    const byId = new Map(skin.components.map((c) => [c.component_id, [c.drawable, c.texture]]));
    expect(byId.get(1)).toEqual([0, 0]);
    expect(byId.get(11)).toEqual([13, 0]);
    expect(skin.props.find((p) => p.prop_id === 6)).toEqual({ prop_id: 6, drawable: -1, texture: -1 });
    expect(skin.props.find((p) => p.prop_id === 0)).toEqual({ prop_id: 0, drawable: -1, texture: 0 });
    expect(skin.eyeColor).toBe(0);
    expect(skin.headOverlays.lipstick).toEqual({ style: 0, opacity: 0, color: 0, secondColor: 0 });
    expect(skin.headBlend).toMatchObject({ shapeFirst: 21, shapeSecond: 0, skinSecond: 0 });
  });
});

describe('fivem-appearance / illenium-appearance skin', () => {
  const skin = convert(b1Skin, 'm');

  it('keeps its model even where users.sex says otherwise', () => {
    expect(skin.model).toBe('mp_f_freemode_01');
    expect(skin.eyeColor).toBe(5);
  });

  it('keeps the spec fields of hair and head blend only', () => {
    expect(skin.hair).toEqual({ style: 19, color: 2, highlight: 5 });
    expect(skin.headBlend).toEqual({
      shapeFirst: 21,
      shapeSecond: 4,
      shapeMix: 0.35,
      skinFirst: 21,
      skinSecond: 4,
      skinMix: 0.6,
    });
  });

  it('passes head overlays and face features through as stored', () => {
    expect(skin.headOverlays).toEqual(b1Skin.headOverlays);
    expect(skin.faceFeatures).toEqual(b1Skin.faceFeatures);
  });

  it('keeps components and props as stored', () => {
    expect(skin.components).toEqual(b1Skin.components);
    expect(skin.props).toEqual(b1Skin.props);
  });

  it('flattens tattoos keyed by zone into one list of stored entries', () => {
    expect(skin.tattoos).toEqual([
      {
        name: 'TAT_AR_000',
        label: 'Turbulence',
        hashMale: 'MP_Airraces_Tattoo_000_M',
        hashFemale: 'MP_Airraces_Tattoo_000_F',
        zone: 'ZONE_TORSO',
        collection: 'mpairraces_overlays',
        opacity: 0.8,
      },
    ]);
  });

  it('lists the tattoos of every zone, zone after zone', () => {
    const a = { name: 'TAT_A', zone: 'ZONE_TORSO', collection: 'c' };
    const b = { name: 'TAT_B', zone: 'ZONE_TORSO', collection: 'c' };
    const c = { name: 'TAT_C', zone: 'ZONE_HEAD', collection: 'c' };
    const stored = { ...b1Skin, tattoos: { ZONE_TORSO: [a, b], ZONE_HEAD: [c], ZONE_LEFT_ARM: [] } };
    expect(convert(stored).tattoos).toEqual([a, b, c]);
  });

  it('reads tattoos stored as [] (empty), as a list, or as a zone list Lua found too sparse', () => {
    const a = { name: 'TAT_A', zone: 'ZONE_TORSO' };
    expect(convert({ ...b1Skin, tattoos: [] }).tattoos).toEqual([]);
    expect(convert({ ...b1Skin, tattoos: [a, null] }).tattoos).toEqual([a]);
    expect(convert({ ...b1Skin, tattoos: { ZONE_TORSO: { '12': a } } }).tattoos).toEqual([a]);
  });

  it('reads the pedr0 fivem-appearance shape (6-field head blend, hair without texture)', () => {
    const stored = {
      model: 'mp_m_freemode_01',
      headBlend: { shapeFirst: 1, shapeSecond: 2, skinFirst: 3, skinSecond: 4, shapeMix: 0.1, skinMix: 0.9 },
      hair: { style: 4, color: 1, highlight: 2 },
      components: [{ component_id: 0, drawable: 0, texture: 0 }],
      props: [],
      headOverlays: [],
      faceFeatures: { noseWidth: 0.2 },
      eyeColor: 1,
      tattoos: [],
    };
    expect(convert(stored)).toEqual({
      model: 'mp_m_freemode_01',
      eyeColor: 1,
      hair: { style: 4, color: 1, highlight: 2 },
      headBlend: { shapeFirst: 1, shapeSecond: 2, shapeMix: 0.1, skinFirst: 3, skinSecond: 4, skinMix: 0.9 },
      components: [{ component_id: 0, drawable: 0, texture: 0 }],
      props: [],
      headOverlays: {},
      faceFeatures: { noseWidth: 0.2 },
      tattoos: [],
    });
  });

  it('gives the missing parts of a partial appearance their empty values', () => {
    expect(convert({ model: 'a_m_y_hipster_01' })).toEqual({ ...EMPTY_SKIN, model: 'a_m_y_hipster_01' });
  });
});

describe('no usable skin', () => {
  it.each([
    ['NULL', undefined],
    ['[]', []],
    ['{}', {}],
    ['a number', 5],
    ['an object of neither shape', { foo: 1 }],
  ])('%s gives the empty skin', (_label, stored) => {
    expect(convert(stored)).toEqual(EMPTY_SKIN);
  });
});

describe('skinchanger skins saved before mom/dad (face and skin indexes)', () => {
  // As esx_skin saved them up to v1-final: skinchanger's ApplySkin passed them to the ped as
  // SetPedHeadBlendData(ped, face, face, face, skin, skin, skin, 1.0, 1.0, 1.0, true).
  const OLD_MALE = {
    sex: 0,
    face: 12,
    skin: 5,
    age_1: 0,
    age_2: 0,
    beard_1: 11,
    beard_2: 10,
    hair_1: 4,
    hair_2: 0,
    hair_color_1: 3,
    hair_color_2: 0,
    tshirt_1: 15,
    torso_1: 7,
    pants_1: 4,
    shoes_1: 1,
  };
  const OLD_FEMALE_NO_SEX = { face: 21, skin: 0, hair_1: 43, hair_color_1: 29, eye_color: 2 };

  it.each([
    ['a male row', OLD_MALE, 'm', 12, 5],
    ['a female row without sex, tone 0', OLD_FEMALE_NO_SEX, 'f', 21, 0],
    ['only face and skin', { face: 3, skin: 44 }, 'm', 3, 44],
  ] as const)('%s keeps its face and skin tone as full-weight parents', (_label, stored, sex, face, tone) => {
    const skin = convert(stored, sex);
    expect(skin.headBlend).toEqual({ shapeFirst: face, shapeSecond: face, shapeMix: 1, skinFirst: tone, skinSecond: tone, skinMix: 1 });
    expect(skin.model).toBe(sex === 'f' ? 'mp_f_freemode_01' : 'mp_m_freemode_01');
  });

  it('a row with mom/dad ignores a leftover face key', () => {
    expect(convert({ sex: 0, mom: 21, dad: 4, face_md_weight: 50, skin_md_weight: 40, face: 9, skin: 9 }).headBlend).toMatchObject({
      shapeFirst: 21,
      shapeSecond: 4,
      shapeMix: 0.5,
      skinMix: 0.4,
    });
  });
});
