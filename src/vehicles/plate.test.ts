import { PLATE_RULE } from '../contract/parameters';
import fc from 'fast-check';
import { displayPlate, MAX_PLATE_LENGTH, parsePlate, type PlateQuery } from './plate';

function valid(value: unknown): PlateQuery {
  const parsed = parsePlate(value);
  if (!parsed.ok) throw new Error(`refused ${JSON.stringify(value)}: ${parsed.problem}`);
  return parsed.plate;
}

function problem(value: unknown): string {
  const parsed = parsePlate(value);
  if (parsed.ok) throw new Error(`accepted ${JSON.stringify(value)}`);
  return parsed.problem;
}

/**
 * What the database does with a form: the frameworks' collations compare case-insensitively and
 * PAD SPACE (trailing spaces ignored). The integration suite shows MariaDB doing exactly this.
 */
const storedMatches = (stored: string, form: string) => stored.replace(/ +$/, '').toUpperCase() === form.replace(/ +$/, '').toUpperCase();
const finds = (typed: string, stored: string) => valid(typed).forms.some((form) => storedMatches(stored, form));

describe('the plate rule', () => {
  test('1 to 8 ASCII letters, digits and spaces after trimming', () => {
    for (const plate of ['A', 'ABC 123', ' abc 123 ', '1AB234CD', 'RENT ABC', 'A B C D', '\tGTR\n'])
      expect(parsePlate(plate).ok).toBe(true);
    expect(valid('  gtr  ').typed).toBe('gtr');
  });

  test('what is refused says what was wrong', () => {
    expect(problem('')).toMatch(/empty/);
    expect(problem('     ')).toMatch(/empty/);
    expect(problem('ABCD12345')).toMatch(/9 characters.*at most 8/);
    expect(problem('AB-123')).toMatch(/contains "-"/);
    expect(problem('ÄBC123')).toMatch(/contains U\+00C4/);
    expect(problem('AB\u0000C')).toMatch(/contains U\+0000/);
    expect(problem('AB\uD800C')).toMatch(/contains U\+D800/);
    expect(problem('AB🦊')).toMatch(/contains U\+1F98A/);
    expect(problem(null)).toMatch(/none was given/);
    expect(problem(undefined)).toMatch(/none was given/);
    expect(problem(123)).toMatch(/a number was given/);
    expect(problem({ plate: 'ABC' })).toMatch(/an? object was given/);
  });
});

/** Any UTF-16 code units, lone surrogates and controls included. */
const UTF16 = fc.array(fc.integer({ min: 0, max: 0xffff }), { maxLength: 12 }).map((units) => String.fromCharCode(...units));

/** Strings near the rule's edges: surrounding spaces, up to 9 characters of the allowed ones. */
const PLATE_LIKE = fc
  .tuple(fc.nat(2), fc.array(fc.constantFrom(...'aZ09 Xy'), { minLength: 1, maxLength: 9 }), fc.nat(2))
  .map(([before, chars, after]) => `${' '.repeat(before)}${chars.join('')}${' '.repeat(after)}`);

describe('the forms looked up', () => {
  test('abc123, ABC 123, " abc 123 " and Abc123 all find a stored ABC 123, and ABC123', () => {
    for (const typed of ['abc123', 'ABC 123', ' abc 123 ', 'Abc123', 'ABC123', 'abc 123']) {
      expect({ typed, spaced: finds(typed, 'ABC 123'), compact: finds(typed, 'ABC123') }).toEqual({ typed, spaced: true, compact: true });
    }
  });

  test('a plate Qbox stored padded to 8 is found by its trimmed form', () => {
    expect(finds('gtr', 'GTR     ')).toBe(true);
    expect(finds('abc 12', 'ABC 12  ')).toBe(true);
  });

  test('a space is allowed at any one inner position, not two', () => {
    expect(finds('1AB234CD', '1AB234CD')).toBe(true);
    expect(finds('1ab 234', '1AB234 ')).toBe(true);
    expect(finds('AB12', 'A B12')).toBe(true);
    expect(finds('AB12', 'A B 12')).toBe(false);
    expect(finds('A B 12', 'A B 12')).toBe(true);
    expect(finds('ABC123', 'ABC124')).toBe(false);
  });

  test('as typed first (the preferred spelling), then upper-case, without spaces, one space at each inner position', () => {
    expect(valid('ab 1').forms).toEqual(['ab 1', 'AB 1', 'AB1', 'A B1']);
    expect(valid('1AB234CD').forms).toEqual(['1AB234CD']);
    expect(valid('abc1234').forms).toEqual(['abc1234', 'ABC1234', 'A BC1234', 'AB C1234', 'ABC 1234', 'ABC1 234', 'ABC12 34', 'ABC123 4']);
  });

  test('property: every string is either refused with a message or gives at most 10 distinct forms of at most 8 characters', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), UTF16, PLATE_LIKE), (input) => {
        const parsed = parsePlate(input);
        const trimmed = input.trim();
        const fits = /^[A-Za-z0-9 ]{1,8}$/.test(trimmed);
        expect(parsed.ok).toBe(fits);
        if (!parsed.ok) {
          expect(parsed.problem.length).toBeGreaterThan(0);
          return;
        }
        const { typed, forms } = parsed.plate;
        expect(forms[0]).toBe(typed);
        expect(new Set(forms).size).toBe(forms.length);
        expect(forms.length).toBeLessThanOrEqual(10);
        const compact = typed.toUpperCase().replace(/ /g, '');
        for (const form of forms) {
          expect(form.length).toBeLessThanOrEqual(MAX_PLATE_LENGTH);
          expect(form).toMatch(/^[A-Za-z0-9]+( +[A-Za-z0-9]+)*$/);
          expect(form.toUpperCase().replace(/ /g, '')).toBe(compact);
        }
      }),
      { numRuns: 1000 },
    );
  });

  test('property: anything at all is refused or accepted, never thrown on', () => {
    fc.assert(
      fc.property(fc.anything(), (value) => {
        const parsed = parsePlate(value);
        expect(parsed.ok).toBe(typeof value === 'string' && /^[A-Za-z0-9 ]{1,8}$/.test(value.trim()));
      }),
    );
  });

  test('property: a stored plate is found by its compact form, by its form with the spaces the game or a shop put, and padded', () => {
    const plate = fc.array(fc.constantFrom(...'ABCXYZ0189'), { minLength: 1, maxLength: 8 }).map((chars) => chars.join(''));
    fc.assert(
      fc.property(plate, fc.nat(), (compact, at) => {
        expect(finds(compact.toLowerCase(), compact)).toBe(true);
        expect(finds(compact, compact.padEnd(8))).toBe(true);
        if (compact.length < 2 || compact.length > 7) return;
        const cut = 1 + (at % (compact.length - 1));
        const spaced = `${compact.slice(0, cut)} ${compact.slice(cut)}`;
        expect(finds(compact, spaced)).toBe(true);
        expect(finds(spaced.toLowerCase(), compact)).toBe(true);
      }),
    );
  });
});

test('the record shows a stored plate trimmed and upper-case', () => {
  expect(displayPlate('GTR     ')).toBe('GTR');
  expect(displayPlate(' abc 123')).toBe('ABC 123');
});

describe('PLATE_RULE (the OpenAPI pattern and the 400 wording) says what parsePlate accepts', () => {
  const pattern = new RegExp(PLATE_RULE.pattern);
  test.each([
    'ABC 123',
    'abc123',
    ' AB 123 ',
    '1',
    'A      B',
    '12345678',
    '\tXYZ\n',
    '',
    '   ',
    '123456789',
    'AB-123',
    'ÄBC',
    'AB\t12',
    ' A ',
    'AB  12 3',
  ])('%j', (plate) => {
    expect(pattern.test(plate)).toBe(parsePlate(plate).ok);
  });
});
