import { alphaIdCandidates, isValidAlphaId } from './id';

describe('isValidAlphaId', () => {
  it.each([
    'b41e8c07d2a96f3e15c0a7b9e4d28f61c3a5e0d7',
    'char1:7c1f0a9e3b5d2c4f8a6e1b0d9c7f3a2e5b8d4c10',
    'steam:110000112a4b3c5',
    'license:9a3c5e7f1b2d4068ace13579bdf02468ace1357a',
    'Char2:abc',
    'ESX-DEBUG-LICENCE',
    'a.b_c-d',
    'x',
    'a'.repeat(64),
    '.x',
  ])('accepts %p', (id) => {
    expect(isValidAlphaId(id)).toBe(true);
  });

  it.each(['', 'a'.repeat(65), '.', '..', '...', 'char1 abc', 'a/b', '%2e%2e', 'a\u0000', 'zoë', '🦊', "x' OR 1=1"])('refuses %p', (id) => {
    expect(isValidAlphaId(id)).toBe(false);
  });
});

describe('alphaIdCandidates', () => {
  it('tries a license: id as given, then bare, as ESX stores licenses', () => {
    expect(alphaIdCandidates('license:9a3c5e7f')).toEqual(['license:9a3c5e7f', '9a3c5e7f']);
  });

  it('tries every other id once', () => {
    expect(alphaIdCandidates('char1:9a3c5e7f')).toEqual(['char1:9a3c5e7f']);
    expect(alphaIdCandidates('license2:9a3c5e7f')).toEqual(['license2:9a3c5e7f']);
    expect(alphaIdCandidates('9a3c5e7f')).toEqual(['9a3c5e7f']);
  });

  it('has no empty second try for a bare prefix', () => {
    expect(alphaIdCandidates('license:')).toEqual(['license:']);
  });
});
