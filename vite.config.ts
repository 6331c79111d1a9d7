/**
 * Two browser builds of the same sources:
 * - `vite build` (default mode): the web console (src/console) into dist/console,
 *   served by `qasm3-preflight serve` at `/`;
 * - `vite build --mode library`: the library as one ES module,
 *   dist/browser/index.js (the package's `browser` export).
 * Both swap the Node host (src/platform/index.ts) for the browser one, so no
 * `node:` module reaches a browser.
 */
import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';

const src = (path: string) => fileURLToPath(new URL(`./src/${path}`, import.meta.url));
const NODE_HOST = src('platform/index.ts');
const BROWSER_HOST = src('platform/browser.ts');

/** Resolves every import of the Node host to the browser host. */
function browserPlatform(): Plugin {
  return {
    name: 'qasm3-preflight-browser-platform',
    enforce: 'pre',
    async resolveId(source, importer, options) {
      if (!source.endsWith('/platform/index.js') || !importer) return null;
      const resolved = await this.resolve(source, importer, { ...options, skipSelf: true });
      return resolved?.id === NODE_HOST ? BROWSER_HOST : null;
    },
  };
}

/**
 * Rolldown warns with a [PLUGIN_TIMINGS] block when a plugin is slow, which on a
 * loaded machine is every `npm install` (prepare builds): noise, not a problem.
 */
const quietBuild = { rolldownOptions: { checks: { bundlerTimings: false } } };

export default defineConfig(({ mode }) => ({
  plugins: [browserPlatform()],
  worker: { format: 'es', plugins: () => [browserPlatform()] },
  ...(mode === 'library'
    ? {
        build: {
          ...quietBuild,
          outDir: fileURLToPath(new URL('./dist/browser', import.meta.url)),
          emptyOutDir: true,
          target: 'es2022',
          lib: { entry: src('index.ts'), formats: ['es' as const], fileName: () => 'index.js' },
        },
      }
    : {
        root: src('console'),
        base: './',
        build: {
          ...quietBuild,
          outDir: fileURLToPath(new URL('./dist/console', import.meta.url)),
          emptyOutDir: true,
          target: 'es2022',
          reportCompressedSize: false,
        },
      }),
}));
