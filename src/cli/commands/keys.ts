/** `qasm3-preflight keys create|list|revoke`: API keys of the job service, stored as SHA-256 digests. */
import { Command } from 'commander';
import { UsageError } from '../errors.js';
import type { CliIo } from '../io.js';
import { storeOptions, storeProblem, type StoreFlags } from './serve.js';

async function withStore<T>(
  flags: StoreFlags,
  io: CliIo,
  work: (service: typeof import('../../service/index.js'), db: import('../../service/index.js').Db) => Promise<T>,
): Promise<T> {
  const service = await import('../../service/index.js');
  const db = await service.openStore(storeOptions(flags, io)).catch(storeProblem);
  try {
    return await work(service, db);
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
    const key = await withStore(flags, io, (service, db) => service.createKey(db, flags.user, flags.project));
    io.stdout(`${key.key}\n`);
  });
  storeFlags(keys.command('list').description('list keys (ids, users, projects; never the secrets)')).action(
    async (flags: StoreFlags) => {
      const rows = await withStore(flags, io, (service, db) => service.listKeys(db));
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
    const revoked = await withStore(flags, io, (service, db) => service.revokeKey(db, id));
    if (!revoked) throw new UsageError(`No active key with id ${id}`);
    io.stdout(`revoked ${id}\n`);
  });
  return keys;
}
