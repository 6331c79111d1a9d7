/** Reading one input, with read failures in plain words rather than errno names. */
import { readFileSync } from 'node:fs';

export type ReadResult = { readonly text: string } | { readonly error: string };

export function readInputFile(path: string, display: string): ReadResult {
  try {
    return { text: readFileSync(path, 'utf8') };
  } catch (error) {
    return { error: errorMessage(error, display) };
  }
}

export function errorMessage(error: unknown, display: string): string {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  switch (code) {
    case 'ENOENT':
      return `cannot read ${display}: no such file or directory`;
    case 'EACCES':
    case 'EPERM':
      return `cannot read ${display}: permission denied`;
    case 'EISDIR':
      return `cannot read ${display}: it is a directory`;
    default:
      return `cannot read ${display}: ${error instanceof Error ? error.message : String(error)}`;
  }
}

export async function readStdin(stream: NodeJS.ReadableStream = process.stdin): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : chunk);
  return Buffer.concat(chunks).toString('utf8');
}
