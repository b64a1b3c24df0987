import { parseConnectionString } from './connection-string';

describe('parseConnectionString (oxmysql forms)', () => {
  test('the mysql:// form, its options to mysql2 (numbers and ssl JSON)', () => {
    expect(
      parseConnectionString(
        'mysql://reader:p@ss:w0rd@10.0.0.7:3307/game?connectionLimit=20&ssl={"rejectUnauthorized":true}&charset=utf8mb4',
      ),
    ).toEqual({
      ok: true,
      settings: {
        host: '10.0.0.7',
        port: 3307,
        user: 'reader',
        password: 'p@ss:w0rd',
        database: 'game',
        options: { connectionLimit: 20, ssl: { rejectUnauthorized: true }, charset: 'utf8mb4' },
      },
    });
  });

  test('defaults: port 3306, user root, no password; nothing is URL-decoded, as in oxmysql', () => {
    expect(parseConnectionString('mysql://db/game')).toMatchObject({
      ok: true,
      settings: { host: 'db', port: 3306, user: 'root', password: '', database: 'game' },
    });
    expect(parseConnectionString('mysql://u:a%40b@db/game')).toMatchObject({ ok: true, settings: { password: 'a%40b' } });
  });

  test("the semicolon form with oxmysql's aliases", () => {
    expect(parseConnectionString('server=db.lan;uid=reader;pwd=secret;db=game;port=3310;connectTimeout=3000')).toEqual({
      ok: true,
      settings: { host: 'db.lan', port: 3310, user: 'reader', password: 'secret', database: 'game', options: { connectTimeout: 3000 } },
    });
  });

  test.each([
    'postgres://x',
    'mysql://@/db',
    'user=x;password=y',
    'mysql://h:99999/db',
    'host=h;connectionLimit=many',
    'mysql://h/db?ssl={',
  ])('%s is refused with a reason that quotes nothing of it', (text) => {
    const parsed = parseConnectionString(text);
    expect(parsed.ok).toBe(false);
    if (!parsed.ok) expect(parsed.problem).not.toContain(text);
  });
});
