/**
 * Build step after `tsc`: the compiled library loads chevrotain from its own
 * single-file ES module build (chevrotain/lib/chevrotain.mjs, published in the
 * package) instead of its module graph. The graph is lib/src plus lodash-es,
 * about 700 files, and resolving and linking them was 70% of
 * `import 'qasm3-preflight'` (3.5 s of 5 s at load 16; the bundle 0.25-0.5 s),
 * so every CLI command paid it before doing anything. The package's `exports`
 * map does not expose that file, so it is copied to dist/vendor/ and the
 * compiled imports are pointed at it; the types still come from `chevrotain`.
 */
import { copyFileSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, relative, sep } from 'node:path';

const DIST = 'dist';
const entry = createRequire(import.meta.url).resolve('chevrotain'); // .../chevrotain/lib/src/api.js
const bundle = join(dirname(entry), '..', 'chevrotain.mjs');
const vendored = join(DIST, 'vendor', 'chevrotain.mjs');
mkdirSync(dirname(vendored), { recursive: true });
copyFileSync(bundle, vendored);

const IMPORT = /(from\s+|import\s*\(\s*)(['"])chevrotain\2/g;
let rewritten = 0;
const walk = (folder) => {
  for (const name of readdirSync(folder)) {
    const path = join(folder, name);
    if (statSync(path).isDirectory()) {
      if (path !== dirname(vendored)) walk(path);
    } else if (name.endsWith('.js')) {
      const text = readFileSync(path, 'utf8');
      let target = relative(dirname(path), vendored).split(sep).join('/');
      if (!target.startsWith('.')) target = `./${target}`;
      const pointed = text.replace(IMPORT, (_all, lead, quote) => `${lead}${quote}${target}${quote}`);
      if (pointed === text) continue;
      writeFileSync(path, pointed);
      rewritten++;
    }
  }
};
walk(DIST);
if (rewritten === 0) throw new Error('vendor-chevrotain: no compiled module imports chevrotain; is dist/ built?');
