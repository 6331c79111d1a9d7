/** The store template for tests that read it (store/template.ts). */
import { candidates, storeTemplatePath } from '../../src/service/store/template.js';
import { writeStoreTemplate } from '../../src/service/store/template-build.js';

/** npm run build writes the template; a checkout built by tsc alone gets it here, in dist/ beside the built module. */
export async function ensureStoreTemplate(): Promise<void> {
  if (storeTemplatePath() === null) await writeStoreTemplate(candidates()[1]);
}
