import { BASE_MODEL_HASHES } from './model-hashes';
import { BASE_MODELS } from './base-models';

describe('the base-game model list', () => {
  test('each spawn name, and so each hash, appears once', () => {
    expect(new Set(BASE_MODELS.map(([model]) => model)).size).toBe(BASE_MODELS.length);
    expect(new Set(BASE_MODEL_HASHES).size).toBe(BASE_MODELS.length);
  });

  test('spawn names are lower-case ASCII as the game spells them; labels carry no markup', () => {
    for (const [model, label] of BASE_MODELS) {
      expect(model).toMatch(/^[a-z0-9_]+$/);
      expect(label).not.toMatch(/[<>&]|^null$/i);
    }
  });

  test('agrees with hashes the docs page and real rows give (as int32)', () => {
    const hashOf = (name: string) => BASE_MODEL_HASHES[BASE_MODELS.findIndex(([model]) => model === name)];
    expect(hashOf('blista')).toBe(3950024287 | 0);
    expect(hashOf('asea')).toBe(2485144969 | 0);
    expect(hashOf('bison')).toBe(-16948145);
    // The names the docs page shortened, by the hashes it gives for them.
    expect(hashOf('driftsentinel2')).toBe(-1006198950);
    expect(hashOf('driftrt3000')).toBe(1730644782);
  });
});
