/** The service suite on the embedded store (PGlite), then the CLI on the same data directory. */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openStore } from '../../src/service/store/open.js';
import { defineServiceSuite } from './suite.js';
import { defineCliTests } from './cli.js';

const dataDir = mkdtempSync(join(tmpdir(), 'qasm3-preflight-pglite-'));

defineServiceSuite('PGlite', async () => {
  const db = await openStore({ dataDir });
  return {
    db,
    cleanup: async () => {
      await db.close();
    },
  };
});

// The CLI reuses the directory the suite created, then removes it.
defineCliTests(dataDir);
