import type { AlphaSkin } from '../schema';

/** The skin a record carries when none is stored: every field its type's empty value (docs/design.md §3). */
export const EMPTY_SKIN: AlphaSkin = {
  model: '',
  eyeColor: 0,
  hair: { style: 0, color: 0, highlight: 0 },
  headBlend: { shapeFirst: 0, shapeSecond: 0, shapeMix: 0, skinFirst: 0, skinSecond: 0, skinMix: 0 },
  components: [],
  props: [],
  headOverlays: {},
  faceFeatures: {},
  tattoos: [],
};
