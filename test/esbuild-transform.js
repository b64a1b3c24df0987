// Jest transform: TypeScript to CommonJS with esbuild, the bundler the resource already builds
// with. It only strips types; `npm run typecheck` (tsc --noEmit) does the checking.
const { transformSync } = require('esbuild');

module.exports = {
  process(source, filename) {
    const { code, map } = transformSync(source, {
      loader: 'ts',
      format: 'cjs',
      target: 'node20',
      sourcefile: filename,
      sourcemap: 'external',
    });
    return { code, map };
  },
};
