/**
 * The README's TypeScript example of a typed handle to the exports, compiled as a consumer's
 * project compiles it: against the generated citizen_records.d.ts (shipped in the zip) and
 * @citizenfx/server's types, strict. @citizenfx/server types every resource's exports as a map of
 * `Function`, so casting `exports.citizen_records` straight to `CitizenRecordsExports` is refused
 * (TS2352, the types do not overlap enough); the example casts through `unknown`.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import ts from 'typescript';

const ROOT = resolve(__dirname, '../..');
const README = readFileSync(resolve(ROOT, 'README.md'), 'utf8');
/** The block after `<!-- typescript:typed-handle -->`. */
const example = /<!-- typescript:typed-handle -->\s*```ts\n([\s\S]*?)```/.exec(README)?.[1] ?? '';

/**
 * Diagnostics of `code` compiled as a file beside citizen_records.d.ts (so its `./citizen_records`
 * import names the generated file), with @citizenfx/server's global types and nothing else.
 */
function compile(code: string): string[] {
  const file = resolve(ROOT, 'typed-handle-example.ts');
  const options: ts.CompilerOptions = {
    strict: true,
    noEmit: true,
    target: ts.ScriptTarget.ES2021,
    module: ts.ModuleKind.CommonJS,
    moduleResolution: ts.ModuleResolutionKind.Node10,
    lib: ['lib.es2022.d.ts'],
    types: ['@citizenfx/server'],
  };
  const host = ts.createCompilerHost(options);
  const read = host.getSourceFile.bind(host);
  host.getSourceFile = (name, language, ...rest) =>
    name === file ? ts.createSourceFile(name, code, language) : read(name, language, ...rest);
  const exists = host.fileExists.bind(host);
  host.fileExists = (name) => name === file || exists(name);
  const program = ts.createProgram([file], options, host);
  return ts
    .getPreEmitDiagnostics(program)
    .map(
      (d) =>
        `TS${d.code} ${d.file ? `${d.file.fileName.replace(`${ROOT}/`, '')}: ` : ''}${ts.flattenDiagnosticMessageText(d.messageText, '\n')}`,
    );
}

test('the README has the example, reading a record through the typed handle', () => {
  expect(example).toContain('as unknown as CitizenRecordsExports');
  expect(example).toMatch(/await \w+\.get\w+\(/);
});

test('it compiles against the generated declarations and @citizenfx/server, strict', () => {
  expect(compile(example)).toEqual([]);
});

test('the same handle cast without `unknown` is refused (TS2352), which is why the example has it', () => {
  const direct = compile(example.replace('as unknown as CitizenRecordsExports', 'as CitizenRecordsExports'));
  expect(direct.map((d) => d.slice(0, d.indexOf(' ')))).toEqual(['TS2352']);
});

test('a misuse of what an export answers is refused: the record is read only after `success` is checked', () => {
  const unchecked = compile(
    `${example}\nexport async function unchecked(id: string) {\n  return (await citizenRecords.getBetaCitizen(id)).data.citizenid;\n}\n`,
  );
  expect(unchecked.map((d) => d.slice(0, d.indexOf(' ')))).toEqual(['TS2339']);
});
