/**
 * serve's request logs written together (src/cli/log-lines.ts, issue 27): the
 * lines of one event-loop turn go out in one write, complete and in order,
 * and lines still held when the process exits are written then.
 */
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jsonLogger } from '../../src/cli/commands/serve.js';
import { lineBatch } from '../../src/cli/log-lines.js';
import type { CliIo } from '../../src/cli/io.js';
import { createService, type Service } from '../../src/service/index.js';
import { openStore } from '../../src/service/store/open.js';
import type { Db } from '../../src/service/store/db.js';

const turn = () => new Promise<void>((resolve) => setImmediate(resolve));

describe('lineBatch', () => {
  it('writes the lines of one turn in one write, in order, and the next turn in another', async () => {
    const writes: string[] = [];
    const lines = lineBatch((text) => writes.push(text));
    lines.write('a\n');
    lines.write('b\n');
    lines.write('c\n');
    expect(writes).toEqual([]);
    await turn();
    expect(writes).toEqual(['a\nb\nc\n']);
    lines.write('d\n');
    await turn();
    expect(writes).toEqual(['a\nb\nc\n', 'd\n']);
  });

  it('writes what it holds when the process exits in the turn that logged it', () => {
    const module = fileURLToPath(new URL('../../src/cli/log-lines.ts', import.meta.url));
    const script = `import { lineBatch } from ${JSON.stringify(module)};
const lines = lineBatch((text) => process.stderr.write(text));
lines.write('first\\n');
lines.write('last\\n');
process.exit(3);`;
    const child = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
      encoding: 'utf8',
    });
    expect(child.status).toBe(3);
    expect(child.stderr).toBe('first\nlast\n');
  });
});

describe("serve's logger at the default level", () => {
  let db: Db;
  let service: Service;
  let url: string;
  const writes: string[] = [];
  const io = { env: {}, stderr: (text: string) => void writes.push(text) } as unknown as CliIo;
  beforeAll(async () => {
    db = await openStore({});
    service = await createService({ db, port: 0, workers: 0, logger: jsonLogger(io) });
    url = await service.listen();
  }, 240_000);
  afterAll(async () => {
    await service?.close();
    await db?.close();
  });

  it('logs every request twice in fewer writes than lines, every line whole', async () => {
    writes.length = 0;
    const answers = await Promise.all(Array.from({ length: 40 }, () => fetch(`${url}/v0.4/backends`)));
    expect(answers.every((a) => a.status === 200)).toBe(true);
    await Promise.all(answers.map((a) => a.text()));
    await turn();
    const lines = writes.join('').split('\n').filter(Boolean);
    const records = lines.map((line) => JSON.parse(line) as { msg: string; reqId: string });
    // Received and answered, for each of the 40 requests.
    expect(records.filter((r) => r.msg === 'incoming request')).toHaveLength(40);
    expect(records.filter((r) => r.msg === 'request completed')).toHaveLength(40);
    // One write a line before: 80 writes. Every write ends at a line's end.
    expect(writes.length).toBeLessThan(lines.length);
    expect(writes.every((w) => w.endsWith('\n'))).toBe(true);
  });
});
