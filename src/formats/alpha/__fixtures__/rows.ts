/**
 * The ESX sample rows B.1–B.4 (docs/frameworks.md#test-rows), as oxmysql's typeCast hands them
 * over (docs/platform.md#typecast): JSON columns as text, TINYINT(1) as booleans. Only the columns the alpha
 * lookup selects are kept.
 */
import type { Row } from '../../../db/database';

/** B.1: ESX Legacy 1.13.x, multicharacter, ox_inventory, illenium-appearance skin. */
export const LEGACY_1_13_OX_ILLENIUM: Row = {
  identifier: 'char1:7c1f0a9e3b5d2c4f8a6e1b0d9c7f3a2e5b8d4c10',
  accounts: '{"bank":48210,"black_money":250,"money":1840}',
  group: 'user',
  inventory:
    '[{"name":"money","count":1840,"slot":1},{"name":"black_money","count":250,"slot":2},{"name":"phone","count":1,"slot":3},{"name":"water","count":3,"slot":4},{"name":"WEAPON_PISTOL","count":1,"slot":5,"metadata":{"durability":93.7,"ammo":11,"components":["at_flashlight"],"serial":"384920KTR102938","registered":"Lena Kowalczyk"}},{"name":"ammo-9","count":48,"slot":6},{"name":"burger","count":2,"slot":8,"metadata":{"durability":1773360000,"degrade":4320}}]',
  job: 'police',
  job_grade: 2,
  loadout: '[]',
  metadata: '{"health":200,"armor":35,"lastPlaytime":86512,"jobDuty":true}',
  position: '{"x":441.8338623046875,"y":-981.9259643554688,"z":30.68960571289062,"heading":87.24681091308594}',
  firstname: 'Lena',
  lastname: 'Kowalczyk',
  dateofbirth: '14/07/1994',
  sex: 'f',
  height: 168,
  skin: '{"model":"mp_f_freemode_01","headBlend":{"shapeFirst":21,"shapeSecond":4,"shapeThird":0,"skinFirst":21,"skinSecond":4,"skinThird":0,"shapeMix":0.35,"skinMix":0.6,"thirdMix":0},"faceFeatures":{"noseWidth":0.1,"nosePeakHigh":0,"nosePeakSize":-0.2,"noseBoneHigh":0,"nosePeakLowering":0,"noseBoneTwist":0,"eyeBrownHigh":0.3,"eyeBrownForward":0,"cheeksBoneHigh":0,"cheeksBoneWidth":-0.1,"cheeksWidth":0,"eyesOpening":0,"lipsThickness":0.2,"jawBoneWidth":0,"jawBoneBackSize":0,"chinBoneLowering":0,"chinBoneLenght":0,"chinBoneSize":0,"chinHole":0,"neckThickness":0},"headOverlays":{"blemishes":{"style":0,"opacity":0,"color":0,"secondColor":0},"beard":{"style":0,"opacity":0,"color":0,"secondColor":0},"eyebrows":{"style":12,"opacity":1,"color":2,"secondColor":0},"ageing":{"style":0,"opacity":0,"color":0,"secondColor":0},"makeUp":{"style":4,"opacity":0.6,"color":0,"secondColor":0},"blush":{"style":0,"opacity":0,"color":0,"secondColor":0},"complexion":{"style":0,"opacity":0,"color":0,"secondColor":0},"sunDamage":{"style":0,"opacity":0,"color":0,"secondColor":0},"lipstick":{"style":2,"opacity":0.7,"color":5,"secondColor":0},"moleAndFreckles":{"style":0,"opacity":0,"color":0,"secondColor":0},"chestHair":{"style":0,"opacity":0,"color":0,"secondColor":0},"bodyBlemishes":{"style":0,"opacity":0,"color":0,"secondColor":0}},"components":[{"component_id":0,"drawable":0,"texture":0},{"component_id":1,"drawable":0,"texture":0},{"component_id":2,"drawable":19,"texture":0},{"component_id":3,"drawable":14,"texture":0},{"component_id":4,"drawable":34,"texture":0},{"component_id":5,"drawable":0,"texture":0},{"component_id":6,"drawable":25,"texture":0},{"component_id":7,"drawable":8,"texture":0},{"component_id":8,"drawable":35,"texture":0},{"component_id":9,"drawable":0,"texture":0},{"component_id":10,"drawable":0,"texture":0},{"component_id":11,"drawable":48,"texture":0}],"props":[{"prop_id":0,"drawable":-1,"texture":-1},{"prop_id":1,"drawable":11,"texture":2},{"prop_id":2,"drawable":-1,"texture":-1},{"prop_id":6,"drawable":3,"texture":0},{"prop_id":7,"drawable":-1,"texture":-1}],"hair":{"style":19,"color":2,"highlight":5,"texture":0},"tattoos":{"ZONE_TORSO":[{"name":"TAT_AR_000","label":"Turbulence","hashMale":"MP_Airraces_Tattoo_000_M","hashFemale":"MP_Airraces_Tattoo_000_F","zone":"ZONE_TORSO","collection":"mpairraces_overlays","opacity":0.8}]},"eyeColor":5}',
  status:
    '[{"name":"hunger","val":712400,"percent":71.24},{"name":"thirst","val":655300,"percent":65.53},{"name":"drunk","val":0,"percent":0.0}]',
  is_dead: false,
  disabled: false,
  last_property: null,
  phone_number: '555-0147',
};

/** B.2: ESX Legacy 1.9–1.12, default inventory, skinchanger skin, DD/MM/YYYY. */
export const LEGACY_1_9_SKINCHANGER: Row = {
  identifier: 'b41e8c07d2a96f3e15c0a7b9e4d28f61c3a5e0d7',
  accounts: '{"bank":12650,"black_money":0,"money":430}',
  group: 'user',
  inventory: '{"bread":4,"water":2,"phone":1,"bandage":3}',
  job: 'mechanic',
  job_grade: 1,
  loadout:
    '{"WEAPON_PISTOL":{"ammo":48,"components":["clip_extended"]},"WEAPON_KNIFE":{"ammo":0},"WEAPON_FLASHLIGHT":{"ammo":0,"tintIndex":2}}',
  metadata: '{"health":175,"armor":0,"lastPlaytime":12040,"jobDuty":false}',
  position: '{"x":-211.38299560546875,"y":-1324.63525390625,"z":30.89039421081543,"heading":91.18}',
  firstname: 'Tomas',
  lastname: 'Reyes',
  dateofbirth: '3/11/1991',
  sex: 'm',
  height: 181,
  skin: '{"sex":0,"mom":21,"dad":4,"face_md_weight":50,"skin_md_weight":50,"nose_1":0,"nose_2":0,"nose_3":0,"nose_4":0,"nose_5":0,"nose_6":0,"cheeks_1":0,"cheeks_2":0,"cheeks_3":0,"lip_thickness":0,"jaw_1":0,"jaw_2":0,"chin_1":0,"chin_2":0,"chin_3":0,"chin_4":0,"neck_thickness":0,"hair_1":12,"hair_2":0,"hair_color_1":3,"hair_color_2":0,"tshirt_1":15,"tshirt_2":0,"torso_1":86,"torso_2":2,"decals_1":0,"decals_2":0,"arms":1,"arms_2":0,"pants_1":24,"pants_2":5,"shoes_1":10,"shoes_2":0,"mask_1":0,"mask_2":0,"bproof_1":0,"bproof_2":0,"chain_1":0,"chain_2":0,"helmet_1":-1,"helmet_2":0,"glasses_1":0,"glasses_2":0,"watches_1":-1,"watches_2":0,"bracelets_1":-1,"bracelets_2":0,"bags_1":0,"bags_2":0,"eye_color":3,"eye_squint":0,"eyebrows_1":12,"eyebrows_2":10,"eyebrows_3":3,"eyebrows_4":0,"eyebrows_5":0,"eyebrows_6":0,"makeup_1":0,"makeup_2":0,"makeup_3":0,"makeup_4":0,"lipstick_1":0,"lipstick_2":0,"lipstick_3":0,"lipstick_4":0,"ears_1":-1,"ears_2":0,"chest_1":0,"chest_2":0,"chest_3":0,"bodyb_1":-1,"bodyb_2":0,"bodyb_3":-1,"bodyb_4":0,"age_1":0,"age_2":0,"blemishes_1":0,"blemishes_2":0,"blush_1":0,"blush_2":0,"blush_3":0,"complexion_1":0,"complexion_2":0,"sun_1":0,"sun_2":0,"moles_1":0,"moles_2":0,"beard_1":11,"beard_2":10,"beard_3":3,"beard_4":0,"grandparents":0,"face_g_weight":0}',
  status: '[{"name":"hunger","val":498200,"percent":49.82},{"name":"thirst","val":377600,"percent":37.76}]',
  is_dead: false,
  disabled: false,
  last_property: '{"id":7,"coords":{"x":-174.8,"y":502.4,"z":137.4}}',
  phone_number: null,
};

/** B.3: ESX v1-final era (MM/DD/YYYY identity, height in inches), no add-on columns after identity. */
export const V1_FINAL_ROW: Row = {
  identifier: 'e05a7d3c9b1f46a2d8c4e7b03f9a1c6d2e8b5f40',
  accounts: '{"bank":61250,"black_money":0,"money":2315}',
  group: 'user',
  inventory: '{"bread":2,"water":3,"fixkit":1}',
  job: 'mechanic',
  job_grade: 2,
  loadout: '{"WEAPON_FLASHLIGHT":{"ammo":0},"WEAPON_PISTOL":{"ammo":42,"tintIndex":2,"components":["clip_extended"]}}',
  position: '{"x":-211.3,"y":-1324.6,"z":30.9,"heading":91.2}',
  skin: '{"sex":0,"mom":21,"dad":0,"face_md_weight":50,"skin_md_weight":50,"hair_1":2,"hair_2":0,"hair_color_1":0,"hair_color_2":0,"tshirt_1":15,"tshirt_2":0,"torso_1":13,"torso_2":0,"arms":11,"pants_1":9,"pants_2":0,"shoes_1":25,"shoes_2":0,"helmet_1":-1,"helmet_2":0,"glasses_1":0,"glasses_2":0,"beard_1":0,"beard_2":0,"beard_3":0,"beard_4":0}',
  firstname: 'Jake',
  lastname: 'Moreno',
  dateofbirth: '07/23/1988',
  sex: 'm',
  height: 71,
};

/** B.4: ESX 1.1 on essentialmode: cash and bank in `users`, identifier with its `steam:` prefix. */
export const ESX_1_1_ROW: Row = {
  identifier: 'steam:110000112a4b3c5',
  money: 1500,
  bank: 24000,
  group: 'user',
  skin: null,
  job: 'unemployed',
  job_grade: 0,
  loadout: '[{"name":"WEAPON_PISTOL","ammo":24,"label":"Pistol","components":[]}]',
  position: '{"x":-269.4,"y":-955.3,"z":31.2}',
  firstname: 'Kevin',
  lastname: 'Walsh',
  dateofbirth: '1990-04-02',
  sex: 'm',
  height: '180',
  phone_number: 48213,
};

/** B.4's `user_accounts` rows: 1.1 writes a `bank` row that it never reads (cash and bank are in `users`). */
export const ESX_1_1_USER_ACCOUNTS: Row[] = [
  { name: 'bank', money: 0 },
  { name: 'black_money', money: 1200 },
];

/**
 * An `owned_vehicles` row of ESX Legacy with esx_garage as the vehicle lookup reads it (the
 * owner's names joined as owner_firstname/owner_lastname): a Bison parked at a garage, its
 * properties as ESX.Game.GetVehicleProperties stores them (shortened).
 */
export const LEGACY_OWNED_VEHICLE = {
  plate: 'KLM 482',
  owner: 'char1:7c1f0a9e3b5d2c4f8a6e1b0d9c7f3a2e5b8d4c10',
  vehicle:
    '{"model":-16948145,"plate":"KLM 482","plateIndex":0,"bodyHealth":912.4,"engineHealth":873.2,"tankHealth":1000.0,"fuelLevel":41.7,"dirtLevel":6.3,' +
    '"color1":12,"color2":12,"pearlescentColor":5,"wheelColor":156,"wheels":3,"windowTint":-1,"modEngine":2,"modTurbo":false}',
  type: 'car',
  job: null,
  stored: 1,
  parking: 'SanAndreasAvenue',
  pound: null,
  owner_firstname: 'Lena',
  owner_lastname: 'Kowalczyk',
};
