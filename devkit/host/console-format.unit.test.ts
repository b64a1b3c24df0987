/**
 * The console npm run dev prints: every line behind its whole channel name, FXServer's colour
 * codes as terminal colours on a TTY and dropped elsewhere.
 */
import { consoleLines } from './console-format';

const ESC = '\x1b';

describe('consoleLines', () => {
  test('a channel longer than 20 columns is printed whole; a shorter one is right-aligned in 20', () => {
    expect(consoleLines('script:citizen_records', 'started', { ansi: false })).toBe('[script:citizen_records] started\n');
    expect(consoleLines('script:oxmysql', 'ready', { ansi: false })).toBe('[      script:oxmysql] ready\n');
  });

  test('without a terminal the colour codes are dropped', () => {
    expect(consoleLines('script:citizen_records', '^3Warning: no index^7', { ansi: false })).toBe(
      '[script:citizen_records] Warning: no index\n',
    );
    expect(consoleLines('script:oxmysql', '^5[10.11] ^2Database server connection established!^0', { ansi: false })).toBe(
      '[      script:oxmysql] [10.11] Database server connection established!\n',
    );
  });

  test("on a terminal each code is FXServer's colour, and a line never leaves a colour on", () => {
    expect(consoleLines('script:a', '^3Warning: x^7', { ansi: true })).toBe(`[            script:a] ${ESC}[93mWarning: x${ESC}[0m\n`);
    expect(consoleLines('script:a', '^1Error^0 done', { ansi: true })).toBe(
      `[            script:a] ${ESC}[91mError${ESC}[97m done${ESC}[0m\n`,
    );
    expect(consoleLines('script:a', 'plain', { ansi: true })).toBe('[            script:a] plain\n');
  });

  test('every line of a text gets the prefix, and a colour carries on to the next line', () => {
    expect(consoleLines('script:a', 'first\nsecond', { ansi: false })).toBe(
      '[            script:a] first\n[            script:a] second\n',
    );
    expect(consoleLines('script:a', '^1Uncaught exception: boom\n    at f (x.js:1)^7', { ansi: true })).toBe(
      `[            script:a] ${ESC}[91mUncaught exception: boom${ESC}[0m\n[            script:a] ${ESC}[91m    at f (x.js:1)${ESC}[0m\n`,
    );
  });

  test('a caret before anything but a digit is text', () => {
    expect(consoleLines('script:a', 'x^y ^ 2^10', { ansi: false })).toBe('[            script:a] x^y ^ 20\n');
  });
});
