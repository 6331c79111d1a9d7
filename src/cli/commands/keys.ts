/** `qasm3-preflight keys create|list|revoke`: API keys of the job service, stored as SHA-256 digests. */
import { Command } from 'commander';
import { UsageError } from '../errors.js';
import type { CliIo } from '../io.js';
import { storeOptions, storeProblem, type StoreFlags } from './serve.js';

// Types only: the service's modules load when a keys command runs (import-direction.test.ts).
type AdminClient = import('../../service/index.js').AdminClient;
type Db = import('../../service/index.js').Db;

/**
 * Runs `work` on the keys of the store the flags name: opened here, or, when
 * a running `serve` holds the embedded data directory, through that serve's
 * admin socket (docs/service.md, "Keys while serve runs").
 */
async function withKeys<T>(flags: StoreFlags, io: CliIo, work: (keys: AdminClient) => Promise<T>): Promise<T> {
  const service = await import('../../service/index.js');
  const options = storeOptions(flags, io);
  let db: Db;
  try {
    db = await service.openStore(options);
  } catch (error) {
    const admin = options.dataDir !== undefined ? service.adminClient(options.dataDir) : null;
    if (!(error instanceof service.DataDirLockedError) || !admin) return storeProblem(error);
    return work(admin).catch((problem: unknown) => {
      const why = problem instanceof Error ? problem.message : String(problem);
      throw new UsageError(`${error.message} Its admin socket did not answer: ${why}`);
    });
  }
  try {
    return await work({
      createKey: (user, project) => service.createKey(db, user, project),
      listKeys: () => service.listKeys(db),
      revokeKey: (id) => service.revokeKey(db, id),
    });
  } finally {
    await db.close();
  }
}

const storeFlags = (command: Command) =>
  command
    .option('--data <dir>', 'embedded store directory', './.qasm3-preflight')
    .option('--database <url>', 'a PostgreSQL server instead (default $DATABASE_URL)');

export function keysCommand(io: CliIo): Command {
  const keys = new Command('keys').exitOverride().description('create, list and revoke API keys of the job service');
  storeFlags(
    keys
      .command('create')
      .description('create a key for a user and project; prints the key alone (shown once)')
      .requiredOption('--user <id>', 'the user the key belongs to')
      .requiredOption('--project <id>', 'the project whose jobs the key reaches'),
  ).action(async (flags: StoreFlags & { user: string; project: string }) => {
    const key = await withKeys(flags, io, (keys) => keys.createKey(flags.user, flags.project));
    io.stdout(`${key.key}\n`);
  });
  storeFlags(keys.command('list').description('list keys (ids, users, projects; never the secrets)')).action(
    async (flags: StoreFlags) => {
      const rows = await withKeys(flags, io, (keys) => keys.listKeys());
      for (const r of rows)
        io.stdout(
          `${r.id}  ${r.user_id}  ${r.project_id}  ${r.created_at.toISOString()}${r.revoked_at ? `  revoked ${r.revoked_at.toISOString()}` : ''}\n`,
        );
    },
  );
  storeFlags(
    keys.command('revoke').description('revoke a key by its id').argument('<key-id>', 'the id `keys list` shows'),
  ).action(async (id: string, flags: StoreFlags) => {
    if (!/^[0-9a-f-]{36}$/i.test(id))
      throw new UsageError(`Not a key id: ${id}`, 'run qasm3-preflight keys list for the ids');
    const revoked = await withKeys(flags, io, (keys) => keys.revokeKey(id));
    if (!revoked) throw new UsageError(`No active key with id ${id}`);
    io.stdout(`revoked ${id}\n`);
  });
  return keys;
}
