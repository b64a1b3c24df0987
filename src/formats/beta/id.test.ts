import { isValidBetaId } from './id';

describe('isValidBetaId', () => {
  it.each(['KQW48213', 'QX7M2K9B', 'kqw48213', 'a', 'A'.repeat(50)])('accepts %p', (id) => {
    expect(isValidBetaId(id)).toBe(true);
  });

  it.each(['', 'A'.repeat(51), 'KQW-48213', 'KQW 48213', 'license:abc', '..', 'Zoë1', 'ABC12345\n', '%41BC'])('rejects %p', (id) => {
    expect(isValidBetaId(id)).toBe(false);
  });
});
