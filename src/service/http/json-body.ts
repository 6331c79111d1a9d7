/**
 * The JSON body parser (issue 24, S7): each chunk is scanned for the body's
 * shape as it arrives (json-shape.ts), so a body past a limit is refused at
 * the chunk that crosses it, and neither joined into one string nor parsed.
 * Only a body within every limit is joined, decoded once and given to
 * Fastify's own parser (prototype poisoning removed), then checked for text
 * the store cannot hold. A body holding arrays or objects of more than 64 KB
 * of text is parsed in pieces with the event loop free between them
 * (json-slices.ts), so a valid 150,000-gate body does not stop `/health`. The rest of a refused body is read and discarded by
 * the app's `onSend` hook, so the client reads the 400 (S8).
 */
import { errorCodes, type FastifyRequest } from 'fastify';
import { JsonShapeScanner } from './json-shape.js';
import { parseInSlices } from './json-slices.js';
import { badShape, refuseUnstorableText } from './input-limits.js';

type Done = (error: Error | null, body?: unknown) => void;

/**
 * Bytes of a body with a declared length after which its chunks are copied
 * into one buffer of that length as they arrive: joining a 10 MB body at its
 * end was one copy of all of it in one turn (40-60 ms of CPU at load 8),
 * the longest turn of a valid 10.4 MB body. Not from the first byte, so a
 * client that declares 10 MB must send 1 MB before the buffer is taken.
 */
const IN_PLACE_FROM = 1024 * 1024;
/** Fastify's default JSON parser, callback style (`getDefaultJsonParser`). */
type DefaultJsonParser = (request: FastifyRequest, body: string, done: Done) => unknown;

/**
 * A parser for `addContentTypeParser('application/json', ...)` reading at most `limit` bytes; with `ignore`,
 * the body is read to its end and dropped (routes that read none).
 */
export function streamingJsonParser(
  parseJson: DefaultJsonParser,
  limit: number,
  { ignore = false }: { readonly ignore?: boolean } = {},
): (request: FastifyRequest, payload: NodeJS.ReadableStream, done: Done) => void {
  return (request, payload, done) => {
    const declared = Number(request.headers['content-length']);
    if (declared > limit) {
      done(new errorCodes.FST_ERR_CTP_BODY_TOO_LARGE());
      return;
    }
    const scanner = new JsonShapeScanner();
    const chunks: Buffer[] = [];
    let received = 0;
    /** The whole body's buffer once IN_PLACE_FROM bytes have come, each chunk copied into place. */
    let inPlace: Buffer | null = null;
    const keep = (chunk: Buffer) => {
      if (inPlace !== null) {
        if (received <= inPlace.length) chunk.copy(inPlace, received - chunk.length);
        return;
      }
      chunks.push(chunk);
      if (received < IN_PLACE_FROM || !Number.isInteger(declared) || declared < received) return;
      inPlace = Buffer.allocUnsafe(declared);
      let at = 0;
      for (const kept of chunks) at += kept.copy(inPlace, at);
      chunks.length = 0;
    };
    const stop = (error: Error | null, body?: unknown) => {
      payload.removeListener('data', onData);
      payload.removeListener('end', onEnd);
      payload.removeListener('error', onError);
      done(error, body);
    };
    const onData = (data: Buffer | string) => {
      const chunk = typeof data === 'string' ? Buffer.from(data) : data;
      received += chunk.length;
      if (received > limit) return stop(new errorCodes.FST_ERR_CTP_BODY_TOO_LARGE());
      if (ignore) return;
      const problem = scanner.feed(chunk);
      if (problem) return stop(badShape(problem));
      keep(chunk);
    };
    const onError = (error: Error & { statusCode?: number }) => {
      if (!(typeof error.statusCode === 'number' && error.statusCode >= 400)) error.statusCode = 400;
      stop(error);
    };
    const onEnd = () => {
      if (!Number.isNaN(declared) && received !== declared)
        return stop(new errorCodes.FST_ERR_CTP_INVALID_CONTENT_LENGTH());
      // A body of whitespace only is no body (as before: PennyLane-IonQ's empty POSTs).
      if (ignore || scanner.blank) return stop(null, undefined);
      // received === declared here when the body was copied in place. A body of one chunk (most) is not copied.
      const bytes = inPlace ?? (chunks.length === 1 ? (chunks[0] as Buffer) : Buffer.concat(chunks, received));
      chunks.length = 0;
      const checked = (error: Error | null, body?: unknown) => {
        if (error) return stop(error);
        try {
          refuseUnstorableText(bytes, body);
        } catch (problem) {
          return stop(problem as Error);
        }
        return stop(null, body);
      };
      const whole = () => parseJson(request, bytes.toString('utf8'), checked);
      if (scanner.malformed || scanner.slices.length === 0) return whole();
      const piece = (text: string): unknown => {
        let parsed: { error: Error | null; body?: unknown } = { error: null };
        parseJson(request, text, (error, body) => (parsed = { error, body }));
        if (parsed.error) throw parsed.error;
        return parsed.body;
      };
      // A piece that is no JSON: the whole body is parsed, so the answer is the parser's own.
      void parseInSlices(bytes, scanner.slices, piece).then(
        (body) => checked(null, body),
        () => whole(),
      );
    };
    payload.on('data', onData);
    payload.on('end', onEnd);
    payload.on('error', onError);
    payload.resume();
  };
}
