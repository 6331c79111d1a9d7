/**
 * The store template unpacked by our own reader (template-tar.ts) gives
 * the data directory the system's `tar` gives, byte for byte, with the
 * trailing zeros of each file as holes; an entry that would leave the
 * directory is refused before anything is written.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { storeTemplate } from '../../src/service/store/template.js';
import { unpackTemplate, ustarHeader } from '../../src/service/store/template-tar.js';
import { ensureStoreTemplate } from './store-template-fixture.js';

const dirs: string[] = [];
const newDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'q3p-unpack-'));
  dirs.push(dir);
  return dir;
};

/** Every file under `root`, by relative path. */
function filesUnder(root: string, dir = root, out = new Map<string, string>()): Map<string, string> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) filesUnder(root, path, out);
    else out.set(relative(root, path), path);
  }
  return out;
}

/** A one-file archive, gzipped, of any name (packTemplate writes only the names of a directory it walks). */
const oneFileTar = (name: string, body: string) =>
  gzipSync(
    Buffer.concat([
      ustarHeader(name, 0o600, Buffer.byteLength(body), '0'),
      Buffer.alloc(512, 0).fill(body, 0, Buffer.byteLength(body)),
      Buffer.alloc(1024),
    ]),
  );

describe('unpacking the store template', () => {
  beforeAll(ensureStoreTemplate, 600_000);
  afterAll(() => {
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });

  it("gives the same files as the system's tar, byte for byte", () => {
    const template = storeTemplate();
    if (template === null) throw new Error('no store template was built');
    const ours = newDir();
    const theirs = newDir();
    const count = unpackTemplate(template, ours);
    execFileSync('tar', ['-xzf', '-', '-C', theirs], { input: template, stdio: ['pipe', 'ignore', 'pipe'] });
    const expected = filesUnder(theirs);
    const got = filesUnder(ours);
    expect(count).toBe(expected.size);
    expect([...got.keys()].sort()).toEqual([...expected.keys()].sort());
    expect(got.has('PG_VERSION')).toBe(true);
    for (const [name, path] of expected) {
      const mine = got.get(name) as string;
      expect(readFileSync(mine).equals(readFileSync(path)), name).toBe(true);
    }
  });

  it('holds a cleanly shut-down server, so a new store starts without crash recovery, and owner-only files', () => {
    const template = storeTemplate();
    if (template === null) throw new Error('no store template was built');
    const dir = newDir();
    unpackTemplate(template, dir);
    // pg_control (PostgreSQL's ControlFileData, little-endian in WebAssembly): the DBState after the 8-byte system
    // identifier and two 4-byte versions. 1 is DB_SHUTDOWNED; a dump of a running server says 6, DB_IN_PRODUCTION.
    expect(readFileSync(join(dir, 'global', 'pg_control')).readUInt32LE(16)).toBe(1);
    for (const path of filesUnder(dir).values()) expect(statSync(path).mode & 0o077, path).toBe(0);
    expect(statSync(join(dir, 'base')).mode & 0o077).toBe(0);
  });

  it("writes a file's trailing zeros as a hole: the WAL segment takes a fraction of its 16 MB on disk", () => {
    const template = storeTemplate();
    if (template === null) throw new Error('no store template was built');
    const dir = newDir();
    unpackTemplate(template, dir);
    const wal = [...filesUnder(dir).entries()].find(([name]) => name.startsWith('pg_wal/0'));
    if (!wal) throw new Error('the template holds no WAL segment');
    const stat = statSync(wal[1]);
    expect(stat.size).toBe(16 * 1024 * 1024);
    expect(stat.blocks * 512).toBeLessThan(stat.size / 2);
  });

  it('refuses an entry outside the directory before writing it', () => {
    const dir = newDir();
    const inside = join(dir, 'inside');
    expect(() => unpackTemplate(oneFileTar('../escaped', 'x'), inside)).toThrow(/path outside its directory/);
    expect(existsSync(join(dir, 'escaped'))).toBe(false);
  });

  it('refuses an archive without PG_VERSION, so a cut-short store is never taken for a whole one', () => {
    const dir = newDir();
    expect(() => unpackTemplate(oneFileTar('base/1', 'x'), dir)).toThrow(/no PG_VERSION/);
  });
});
