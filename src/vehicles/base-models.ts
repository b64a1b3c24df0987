/**
 * The base game's vehicles (models.json): each model's spawn name and its display name, grouped
 * by the class the game gives it. Facts from the "Vehicle models" page of the FiveM docs
 * (https://docs.fivem.net/docs/game-references/vehicle-references/vehicle-models/, source
 * citizenfx/fivem-docs@87d92b2:content/docs/game-references/vehicle-references/vehicle-models.md,
 * 876 vehicles). Its hash column is not copied: a hash is joaat of the spawn name by definition,
 * so the build computes them into model-hashes.ts (src/generate/files.ts). Checking the page's
 * hashes against that found four slips: two hashes mistyped (l352, maverick2), and two spawn names
 * shortened (the page says driftsent2 and driftrt3 beside the hashes of driftsentinel2 and
 * driftrt3000, the names the game's own scripts hash), corrected in models.json.
 *
 * Display names carry no brand (`Adder`, not `Truffade Adder`), as qb-core's and qbx_core's shared
 * vehicle lists name them; `""` where the game has none (trailers). The list is data, not code:
 * esbuild puts the JSON into the bundle as an object literal.
 */
import MODELS_BY_CLASS from './models.json';

/** Every model of models.json, class after class in the file's order: model-hashes.ts holds the hash of entry i at index i. */
export const BASE_MODELS: ReadonlyArray<readonly [model: string, label: string]> = Object.values(MODELS_BY_CLASS)
  .flat()
  .map(([model, label]) => [model, label]);
