import { asList, asNumber, asRecord, asString } from '../../values/coerce';
import { readLuaTable } from '../../values/lua-table';
import { plainJson } from '../../values/safe-json';
import { numberFields } from '../../values/number-fields';
import type { AlphaSkin } from './schema';
import type { AlphaSex } from './sex';

/** Keys only a skinchanger skin has (illenium keys its own migration on `mom`, the docs on `hair_1`; skins saved before mom/dad have `face`). */
const SKINCHANGER_MARKERS = ['sex', 'mom', 'hair_1', 'face'] as const;

/**
 * `users.skin` holds one of two shapes (docs/frameworks.md#esx-skin): the object fivem-appearance and
 * illenium-appearance save, which the record keeps, or esx_skin's flat skinchanger object, which
 * is converted with the mapping illenium-appearance's `/migrateskins` uses, so that every record
 * has one skin shape.
 */
export function normaliseSkin(stored: unknown, sex: AlphaSex): AlphaSkin {
  const skin = asRecord(stored);
  if (!skin) return emptySkin();
  if ('model' in skin || 'components' in skin) return fromAppearance(skin);
  if (SKINCHANGER_MARKERS.some((key) => key in skin)) return fromSkinchanger(skin, sex);
  return emptySkin();
}

const HAIR_FIELDS = ['style', 'color', 'highlight'] as const;
const HEAD_BLEND_FIELDS = ['shapeFirst', 'shapeSecond', 'shapeMix', 'skinFirst', 'skinSecond', 'skinMix'] as const;
const COMPONENT_FIELDS = ['component_id', 'drawable', 'texture'] as const;
const PROP_FIELDS = ['prop_id', 'drawable', 'texture'] as const;

/** No stored skin: every field its type's empty value. */
function emptySkin(): AlphaSkin {
  return {
    model: '',
    eyeColor: 0,
    hair: numberFields({}, HAIR_FIELDS),
    headBlend: numberFields({}, HEAD_BLEND_FIELDS),
    components: [],
    props: [],
    headOverlays: {},
    faceFeatures: {},
    tattoos: [],
  };
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/**
 * Keeps the appearance object, trimmed to the spec's fields (illenium's third head-blend parent
 * and hair texture are not among them); overlays and face features pass through.
 */
function fromAppearance(skin: Record<string, unknown>): AlphaSkin {
  return {
    model: asString(skin.model),
    eyeColor: asNumber(skin.eyeColor),
    hair: numberFields(skin.hair, HAIR_FIELDS),
    headBlend: numberFields(skin.headBlend, HEAD_BLEND_FIELDS),
    components: asList(skin.components)
      .filter(isPlainObject)
      .map((c) => numberFields(c, COMPONENT_FIELDS)),
    props: asList(skin.props)
      .filter(isPlainObject)
      .map((p) => numberFields(p, PROP_FIELDS)),
    headOverlays: plainObject(skin.headOverlays),
    faceFeatures: plainObject(skin.faceFeatures),
    tattoos: toTattoos(skin.tattoos),
  };
}

/**
 * Tattoos are stored as an object keyed by zone (`{"ZONE_TORSO": [...]}`), `[]` when there are
 * none; the record lists them all in one array, zone after zone.
 */
function toTattoos(stored: unknown): Array<Record<string, unknown>> {
  const table = readLuaTable(stored);
  const entries = table.kind === 'list' ? table.items : table.entries.flatMap(([, zone]) => asList(zone));
  return entries.filter(isPlainObject).map(plainObject);
}

/** A pass-through object as both boundaries carry it (safe-json.ts). */
function plainObject(value: unknown): Record<string, unknown> {
  return plainJson(asRecord(value) ?? {}) as Record<string, unknown>;
}

/** skinchanger slider (−10..10) → appearance face feature (−1..1), divided by 10. */
const FACE_FEATURES: ReadonlyArray<[feature: string, key: string]> = [
  ['noseWidth', 'nose_1'],
  ['nosePeakHigh', 'nose_2'],
  ['nosePeakSize', 'nose_3'],
  ['noseBoneHigh', 'nose_4'],
  ['nosePeakLowering', 'nose_5'],
  ['noseBoneTwist', 'nose_6'],
  ['eyeBrownHigh', 'eyebrows_5'],
  ['eyeBrownForward', 'eyebrows_6'],
  ['cheeksBoneHigh', 'cheeks_1'],
  ['cheeksBoneWidth', 'cheeks_2'],
  ['cheeksWidth', 'cheeks_3'],
  ['eyesOpening', 'eye_squint'],
  ['lipsThickness', 'lip_thickness'],
  ['jawBoneWidth', 'jaw_1'],
  ['jawBoneBackSize', 'jaw_2'],
  ['chinBoneLowering', 'chin_1'],
  ['chinBoneLenght', 'chin_2'],
  ['chinBoneSize', 'chin_3'],
  ['chinHole', 'chin_4'],
  ['neckThickness', 'neck_thickness'],
];

/**
 * Head overlay → skinchanger prefix. `<prefix>_1` is the style, `<prefix>_2` the opacity in
 * tenths; overlays that take a colour read it from `<prefix>_3` and `<prefix>_4`, the others
 * get 0. The keys are spelled out once here rather than built per lookup: a key made by
 * concatenation must be looked up in V8's string table before each property read.
 */
const HEAD_OVERLAYS: ReadonlyArray<{ overlay: string; style: string; opacity: string; colours: [string, string] | null }> = (
  [
    ['blemishes', 'blemishes', false],
    ['beard', 'beard', true],
    ['eyebrows', 'eyebrows', true],
    ['ageing', 'age', false],
    ['makeUp', 'makeup', true],
    ['blush', 'blush', true],
    ['complexion', 'complexion', false],
    ['sunDamage', 'sun', false],
    ['lipstick', 'lipstick', true],
    ['moleAndFreckles', 'moles', false],
    ['chestHair', 'chest', true],
    ['bodyBlemishes', 'bodyb', true],
  ] as const
).map(([overlay, prefix, coloured]) => ({
  overlay,
  style: `${prefix}_1`,
  opacity: `${prefix}_2`,
  colours: coloured ? [`${prefix}_3`, `${prefix}_4`] : null,
}));

/** Component id → skinchanger drawable and texture keys; ids 0 (head) and 2 (hair) have none. */
const COMPONENTS: ReadonlyArray<[id: number, drawable: string, texture: string] | [id: number]> = [
  [0],
  [1, 'mask_1', 'mask_2'],
  [2],
  [3, 'arms', 'arms_2'],
  [4, 'pants_1', 'pants_2'],
  [5, 'bags_1', 'bags_2'],
  [6, 'shoes_1', 'shoes_2'],
  [7, 'chain_1', 'chain_2'],
  [8, 'tshirt_1', 'tshirt_2'],
  [9, 'bproof_1', 'bproof_2'],
  [10, 'decals_1', 'decals_2'],
  [11, 'torso_1', 'torso_2'],
];

/** Prop id → skinchanger prefix (`<prefix>_1` drawable, `<prefix>_2` texture); none is −1. Keys spelled once, as HEAD_OVERLAYS's. */
const PROPS: ReadonlyArray<{ id: number; drawable: string; texture: string }> = (
  [
    [0, 'helmet'],
    [1, 'glasses'],
    [2, 'ears'],
    [6, 'watches'],
    [7, 'bracelets'],
  ] as const
).map(([id, prefix]) => ({ id, drawable: `${prefix}_1`, texture: `${prefix}_2` }));

/**
 * The head blend of a skinchanger skin. Since mom/dad (2020) it is the parents and two weights in
 * percent. Before, skinchanger stored one `face` and one `skin` index and applied them as
 * `SetPedHeadBlendData(ped, face, face, face, skin, skin, skin, 1.0, 1.0, 1.0, true)` (its client
 * ApplySkin): both shape parents the face, both skin parents the skin tone, each mix 1.0.
 */
function skinchangerHeadBlend(skin: Record<string, unknown>, value: (key: string) => number): AlphaSkin['headBlend'] {
  const hasParents = skin.mom !== undefined || skin.dad !== undefined;
  if (!hasParents && (skin.face !== undefined || skin.skin !== undefined)) {
    const face = value('face');
    const tone = value('skin');
    return { shapeFirst: face, shapeSecond: face, shapeMix: 1, skinFirst: tone, skinSecond: tone, skinMix: 1 };
  }
  const mom = value('mom');
  const dad = value('dad');
  return {
    shapeFirst: mom,
    shapeSecond: dad,
    shapeMix: value('face_md_weight') / 100,
    skinFirst: mom,
    skinSecond: dad,
    skinMix: value('skin_md_weight') / 100,
  };
}

/**
 * Model from `users.sex`, as docs/design.md §7 pins it: illenium's own migration writes the male model
 * for everyone, a bug not to copy. A key the skin lacks (older skinchanger saves fewer of them)
 * reads as 0, or −1 for props (no prop).
 */
function fromSkinchanger(skin: Record<string, unknown>, sex: AlphaSex): AlphaSkin {
  const value = (key: string, fallback = 0): number => asNumber(skin[key], fallback);
  return {
    model: sex === 'f' ? 'mp_f_freemode_01' : 'mp_m_freemode_01',
    eyeColor: value('eye_color'),
    hair: { style: value('hair_1'), color: value('hair_color_1'), highlight: value('hair_color_2') },
    headBlend: skinchangerHeadBlend(skin, value),
    components: COMPONENTS.map(([id, drawable, texture]) => ({
      component_id: id,
      drawable: drawable ? value(drawable) : 0,
      texture: texture ? value(texture) : 0,
    })),
    props: PROPS.map(({ id, drawable, texture }) => ({ prop_id: id, drawable: value(drawable, -1), texture: value(texture, -1) })),
    headOverlays: Object.fromEntries(
      HEAD_OVERLAYS.map(({ overlay, style, opacity, colours }) => [
        overlay,
        {
          style: value(style),
          opacity: value(opacity) / 10,
          color: colours ? value(colours[0]) : 0,
          secondColor: colours ? value(colours[1]) : 0,
        },
      ]),
    ),
    faceFeatures: Object.fromEntries(FACE_FEATURES.map(([feature, key]) => [feature, value(key) / 10])),
    tattoos: [],
  };
}
