/**
 * The `next` cursor of job lists: the position (the last job's sequence
 * number) signed with a key every process of the store shares, over the
 * project and filters it was issued for. A cursor that was not issued here
 * (forged), or was issued for another project, other filters or an earlier
 * store (stale), is a 400 rather than a page of somebody's guess.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { invalid } from './problems.js';

const MAC_BYTES = 16;

export class CursorCodec {
  constructor(private readonly key: Buffer) {}

  private mac(seq: number, scope: string): Buffer {
    return createHmac('sha256', this.key).update(`${scope}\n${seq}`).digest().subarray(0, MAC_BYTES);
  }

  /** `scope` names what the list was for (project and filters), so the cursor is valid only there. */
  encode(seq: number, scope: string): string {
    return `${seq.toString(36)}.${this.mac(seq, scope).toString('base64url')}`;
  }

  decode(cursor: string, scope: string): number {
    const reject = () =>
      invalid(
        `Invalid or stale cursor: ${cursor.slice(0, 40)}; list again from the first page`,
        ['next'],
        'querystring',
      );
    const match = /^([0-9a-z]{1,11})\.([A-Za-z0-9_-]{22})$/.exec(cursor);
    if (!match) throw reject();
    const seq = Number.parseInt(match[1] as string, 36);
    const given = Buffer.from(match[2] as string, 'base64url');
    // Canonical text only: the last base64 character has spare bits that decode to the same bytes.
    const canonical = given.length === MAC_BYTES && given.toString('base64url') === match[2];
    if (!Number.isSafeInteger(seq) || !canonical || !timingSafeEqual(given, this.mac(seq, scope))) throw reject();
    return seq;
  }
}
