// Runs a TypeScript entry point of the repository's own tooling (npm run dev): each .ts file is
// compiled by esbuild as node requires it, so __dirname and relative paths stay those of the source.
const { transformSync } = require('esbuild');
const { readFileSync } = require('node:fs');
const { resolve } = require('node:path');

require.extensions['.ts'] = (module, filename) => {
  const { code } = transformSync(readFileSync(filename, 'utf8'), { loader: 'ts', format: 'cjs', target: 'node20', sourcefile: filename });
  module._compile(code, filename);
};
require(resolve(process.argv[2]));
