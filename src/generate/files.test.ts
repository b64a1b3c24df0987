import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { GENERATED_FILES } from './files';

const ROOT = resolve(__dirname, '../..');

test.each(GENERATED_FILES.map((file) => [file.path, file] as const))(
  'the committed %s is what npm run build derives from the contract and the model list (run npm run build when this fails)',
  (path, file) => {
    const committed = readFileSync(resolve(ROOT, path), 'utf8');
    expect(committed).toBe(file.text(committed));
  },
);

test('a file generated in part keeps what lies outside its markers, and a missing marker is an error', () => {
  const readme = GENERATED_FILES.find((f) => f.path === 'README.md')!;
  const current = readFileSync(resolve(ROOT, 'README.md'), 'utf8');
  const edited = current.replace('<!-- contract:errors -->\n', '<!-- contract:errors -->\n| 999 | `stale` | a row no code has |\n');
  expect(edited).not.toBe(current);
  expect(readme.text(edited)).toBe(current);
  expect(() => readme.text(current.replace('<!-- /contract:routes -->', ''))).toThrow('<!-- /contract:routes -->');
});
