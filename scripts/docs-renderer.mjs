// The renderer of /docs, vendored at build: Redoc's standalone bundle from the exact version
// package.json pins (npm ci checks its integrity against package-lock.json), written next to the
// server bundle so the release carries it and the page loads nothing from a CDN. The resource reads
// it with LoadResourceFile at the first request for /docs, not at start (src/http/docs-page.ts).
//
// Two edits, each of which must match exactly once (a new Redoc version that moved the text fails
// the build here instead of shipping a page that reaches outside):
// - the sidebar's "API docs by Redocly" logo is an <img> of https://cdn.redoc.ly/redoc/logo-mini.svg
//   (RedoclyLogo, Redocly/redoc@76af74e:src/components/SideMenu/Logo.tsx): its src becomes "",
//   which fires the image's error handler, on which the component renders nothing;
// - the closing sourceMappingURL comment goes: inlined in the page it would name a map beside /docs,
//   which the release does not ship.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

const require = createRequire(import.meta.url);

const EDITS = [
  { what: 'the CDN logo', find: 'src:"https://cdn.redoc.ly/redoc/logo-mini.svg"', replace: 'src:""' },
  { what: 'the source map comment', find: '\n//# sourceMappingURL=redoc.standalone.js.map', replace: '' },
];

function edited(text) {
  let out = text;
  for (const { what, find, replace } of EDITS) {
    const count = out.split(find).length - 1;
    if (count !== 1)
      throw new Error(
        `docs renderer: expected ${what} (${JSON.stringify(find)}) once in Redoc's standalone bundle, found it ${count} times`,
      );
    out = out.replace(find, replace);
  }
  return out;
}

/**
 * Writes the renderer to `target`, and beside it `<target>.LICENSE.txt`: the licences of Redoc and of
 * what its bundle holds (the bundle's first line points at that name).
 */
export function vendorDocsRenderer(target) {
  const packageDir = dirname(require.resolve('redoc/package.json'));
  const { version } = JSON.parse(readFileSync(join(packageDir, 'package.json'), 'utf8'));
  const pinned = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')).devDependencies.redoc;
  if (version !== pinned) throw new Error(`docs renderer: node_modules holds redoc ${version}, package.json pins ${pinned}: run npm ci`);
  const renderer = edited(readFileSync(join(packageDir, 'bundles', 'redoc.standalone.js'), 'utf8'));
  mkdirSync(dirname(target), { recursive: true });
  writeFileSync(target, renderer);
  const notices = [
    `Redoc ${version} (https://github.com/Redocly/redoc), the renderer of /docs, is under this licence:`,
    readFileSync(join(packageDir, 'LICENSE'), 'utf8').trim(),
    'Its standalone bundle holds these works, under the licences named:',
    readFileSync(join(packageDir, 'bundles', 'redoc.standalone.js.LICENSE.txt'), 'utf8').trim(),
  ];
  writeFileSync(`${target}.LICENSE.txt`, `${notices.join('\n\n')}\n`);
}
