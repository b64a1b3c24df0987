import { clientAddress, createAuthenticator, presentedKey } from './auth';

const CAD = { name: 'cad', key: '4f9c2e7a1b3d5f60718293a4b5c6d7e8' };
const BOT = { name: 'bot', key: 'b0t-9e8d7c6b5a4f3e2d1c0b' };

describe('presentedKey', () => {
  test('Bearer in Authorization, or X-API-Key; the scheme in any case', () => {
    expect(presentedKey({ authorization: `Bearer ${CAD.key}` })).toBe(CAD.key);
    expect(presentedKey({ authorization: `bEaReR   ${CAD.key} ` })).toBe(CAD.key);
    expect(presentedKey({ 'x-api-key': ` ${BOT.key}` })).toBe(BOT.key);
    expect(presentedKey({ authorization: `Basic ${CAD.key}`, 'x-api-key': BOT.key })).toBe(BOT.key);
    expect(presentedKey({ authorization: 'Bearer' })).toBeNull();
    expect(presentedKey({})).toBeNull();
  });
});

describe('createAuthenticator', () => {
  const auth = createAuthenticator([CAD, BOT], false);

  test('a configured key is accepted under its name, whichever header carries it', () => {
    expect(auth.authenticate({ authorization: `Bearer ${BOT.key}` }, '10.0.0.5:50001')).toEqual({
      ok: true,
      client: 'key:bot',
      keyName: 'bot',
    });
    expect(auth.authenticate({ 'x-api-key': CAD.key }, '10.0.0.5:50001')).toEqual({ ok: true, client: 'key:cad', keyName: 'cad' });
  });

  test('no key, a wrong key, a key off by its last character, or the whole name:key entry are refused', () => {
    const offByOne = CAD.key.slice(0, -1) + (CAD.key.endsWith('8') ? '9' : '8');
    expect(auth.authenticate({}, '10.0.0.5:1')).toEqual({ ok: false, reason: 'no_key_sent' });
    for (const key of ['nope', offByOne, `cad:${CAD.key}`, CAD.key.toUpperCase(), `${CAD.key}x`]) {
      expect({ key, outcome: auth.authenticate({ authorization: `Bearer ${key}` }, '10.0.0.5:1') }).toEqual({
        key,
        outcome: { ok: false, reason: 'wrong_key' },
      });
    }
  });

  test('with no key configured every request is refused, saying why, unless anonymous access is on', () => {
    expect(createAuthenticator([], false).authenticate({ authorization: `Bearer ${CAD.key}` }, '1.2.3.4:5')).toEqual({
      ok: false,
      reason: 'no_keys_configured',
    });
    expect(createAuthenticator([], false).authenticate({}, '1.2.3.4:5')).toEqual({ ok: false, reason: 'no_keys_configured' });
    expect(createAuthenticator([], true).authenticate({}, '1.2.3.4:5')).toEqual({
      ok: true,
      client: 'address:1.2.3.4',
      keyName: 'anonymous',
    });
  });

  test('anonymous access beside keys: no key is anonymous per address, a wrong key is still refused', () => {
    const open = createAuthenticator([CAD], true);
    expect(open.authenticate({}, '[2001:db8::7]:40000')).toEqual({ ok: true, client: 'address:2001:db8::7', keyName: 'anonymous' });
    expect(open.authenticate({ 'x-api-key': 'wrong' }, '1.2.3.4:5')).toEqual({ ok: false, reason: 'wrong_key' });
    expect(open.authenticate({ 'x-api-key': CAD.key }, '1.2.3.4:5')).toEqual({ ok: true, client: 'key:cad', keyName: 'cad' });
  });
});

test('clientAddress drops the port of IPv4 and bracketed IPv6 peers', () => {
  expect(clientAddress('192.168.1.20:61234')).toBe('192.168.1.20');
  expect(clientAddress('[::ffff:127.0.0.1]:80')).toBe('::ffff:127.0.0.1');
  expect(clientAddress('unix')).toBe('unix');
});
