/**
 * The store template's archive (template.ts): an empty data directory as a
 * gzipped POSIX ustar archive (IEEE Std 1003.1, pax's ustar interchange
 * format: 512-byte headers, files and directories only).
 *
 * Packed from a data directory that PGlite closed, so PostgreSQL's control
 * file says it was shut down cleanly and a new store starts without crash
 * recovery (PGlite's `dumpDataDir` archives a running server: every store
 * made from it replayed WAL and fsynced its files first, about 0.5 s).
 * Unpacked straight into the new data directory with Node's own file calls:
 * PGlite's `loadDataDir` writes the same files through its WebAssembly file
 * system, about 1 s slower on this machine. PG_VERSION is
 * written last, so a store whose unpacking was cut short has none and is
 * unpacked again at its next open.
 */
import { mkdirSync, readdirSync, readFileSync, statSync, truncateSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';

const BLOCK = 512;
const FILE_TYPES = new Set(['0', '\0']);
const DIRECTORY_TYPE = '5';
const LAST_FILE = 'PG_VERSION';
/** The store holds key digests and secrets: owner-only, whatever the archive or the umask says. */
const FILE_MODE = 0o600;
const DIRECTORY_MODE = 0o700;

/** A NUL-terminated header field. */
function field(tar: Buffer, offset: number, length: number): string {
  const end = tar.subarray(offset, offset + length).indexOf(0);
  return tar.toString('latin1', offset, offset + (end === -1 ? length : end));
}

/** A header: name (under 100 bytes: a data directory's are), mode, size, type; the checksum over it. */
export function ustarHeader(name: string, mode: number, size: number, type: string): Buffer {
  if (Buffer.byteLength(name) >= 100) throw new Error(`a store template path is too long for ustar: ${name}`);
  const block = Buffer.alloc(BLOCK);
  block.write(name, 0, 'latin1');
  block.write(`${mode.toString(8).padStart(7, '0')}\0`, 100, 'latin1');
  block.write('0000000\0', 108, 'latin1');
  block.write('0000000\0', 116, 'latin1');
  block.write(`${size.toString(8).padStart(11, '0')}\0`, 124, 'latin1');
  block.write('00000000000\0', 136, 'latin1');
  block.write('        ', 148, 'latin1');
  block.write(type, 156, 'latin1');
  block.write('ustar\x0000', 257, 'latin1');
  const checksum = block.reduce((sum, byte) => sum + byte, 0);
  block.write(`${checksum.toString(8).padStart(6, '0')}\0 `, 148, 'latin1');
  return block;
}

/** Packs the directory `root` (files and directories, in name order) as a gzipped ustar archive. */
export function packTemplate(root: string): Buffer {
  const blocks: Buffer[] = [];
  const walk = (relative: string) => {
    for (const name of readdirSync(join(root, relative)).sort()) {
      const path = relative ? `${relative}/${name}` : name;
      const stat = statSync(join(root, path));
      if (stat.isDirectory()) {
        blocks.push(ustarHeader(`${path}/`, DIRECTORY_MODE, 0, DIRECTORY_TYPE));
        walk(path);
      } else if (stat.isFile()) {
        blocks.push(ustarHeader(path, FILE_MODE, stat.size, '0'), readFileSync(join(root, path)));
        const padding = (BLOCK - (stat.size % BLOCK)) % BLOCK;
        if (padding) blocks.push(Buffer.alloc(padding));
      }
    }
  };
  walk('');
  blocks.push(Buffer.alloc(2 * BLOCK));
  return gzipSync(Buffer.concat(blocks), { level: 9 });
}

/** A header's octal number field. */
const octal = (tar: Buffer, offset: number, length: number) => parseInt(field(tar, offset, length).trim() || '0', 8);

/** The entry's path inside the data directory: relative, no `..` (the template is ours, but a path is a path). */
function relativePath(name: string): string {
  const parts = name.split('/').filter((part) => part !== '' && part !== '.');
  if (parts.includes('..')) throw new Error(`the store template holds a path outside its directory: ${name}`);
  return parts.join('/');
}

/**
 * Inflates in one output buffer of the size the gzip trailer states (ISIZE,
 * RFC 1952: the input's length modulo 2^32), where zlib's default 16 KB
 * chunks are gathered and copied once more at the end.
 */
function gunzipWhole(gzipped: Uint8Array): Buffer {
  const trailer = Buffer.from(gzipped.buffer, gzipped.byteOffset, gzipped.byteLength);
  const inflated = gzipped.byteLength >= 4 ? trailer.readUInt32LE(gzipped.byteLength - 4) : 0;
  return gunzipSync(gzipped, { chunkSize: Math.max(64 * 1024, inflated) });
}

const ZERO_RUN = Buffer.alloc(64 * 1024);

/** Where `bytes`' trailing run of zero bytes starts, found by 64 KB comparisons then byte by byte. */
function zeroTailStart(bytes: Buffer): number {
  let end = bytes.length;
  while (end >= ZERO_RUN.length && bytes.subarray(end - ZERO_RUN.length, end).equals(ZERO_RUN)) end -= ZERO_RUN.length;
  while (end > 0 && bytes[end - 1] === 0) end--;
  return end;
}

/**
 * Writes a file's bytes, its trailing zeros as a hole: the WAL segment is 16
 * MB of which PostgreSQL has written the first few KB, and a file extended by
 * truncate reads as zeros without the writes.
 */
function writeFileWithHole(path: string, bytes: Buffer): void {
  const data = zeroTailStart(bytes);
  writeFileSync(path, bytes.subarray(0, data), { mode: FILE_MODE });
  if (data < bytes.length) truncateSync(path, bytes.length);
}

/** Unpacks the gzipped template `gzipped` into the (existing) directory `dataDir`. Returns the number of files. */
export function unpackTemplate(gzipped: Uint8Array, dataDir: string): number {
  const tar = gunzipWhole(gzipped);
  let last: { path: string; bytes: Buffer } | null = null;
  let files = 0;
  for (let offset = 0; offset + BLOCK <= tar.length && tar[offset] !== 0;) {
    const prefix = field(tar, offset + 345, 155);
    const name = relativePath(`${prefix}/${field(tar, offset, 100)}`);
    const size = octal(tar, offset + 124, 12);
    const type = String.fromCharCode(tar[offset + 156] ?? 0);
    const body = offset + BLOCK;
    if (body + size > tar.length) throw new Error(`the store template is cut short at ${name}`);
    const path = join(dataDir, name);
    if (type === DIRECTORY_TYPE) mkdirSync(path, { recursive: true, mode: DIRECTORY_MODE });
    else if (FILE_TYPES.has(type)) {
      const bytes = tar.subarray(body, body + size);
      if (name === LAST_FILE) last = { path, bytes };
      else {
        mkdirSync(dirname(path), { recursive: true, mode: DIRECTORY_MODE });
        writeFileWithHole(path, bytes);
      }
      files++;
    } else
      throw new Error(`the store template holds an entry of tar type '${type}' (${name}); only files and directories`);
    offset = body + Math.ceil(size / BLOCK) * BLOCK;
  }
  if (last === null) throw new Error(`the store template has no ${LAST_FILE}`);
  writeFileSync(last.path, last.bytes, { mode: FILE_MODE });
  return files;
}
