/**
 * The JSON body parser (issue 24, S7): each chunk is scanned for the body's
 * shape as it arrives (json-shape.ts), so a body past a limit is refused at
 * the chunk that crosses it, and neither joined into one string nor parsed.
 * Only a body within every limit is joined, decoded once and given to
 * Fastify's own parser (prototype poisoning removed), then checked for text
 * the store cannot hold. The rest of a refused body is read and discarded by
 * the app's `onSend` hook, so the client reads the 400 (S8).
 */
import { errorCodes, type FastifyRequest } from 'fastify';
import { JsonShapeScanner } from './json-shape.js';
import { badShape, refuseUnstorableText } from './input-limits.js';

type Done = (error: Error | null, body?: unknown) => void;
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
      chunks.push(chunk);
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
      const text = Buffer.concat(chunks, received).toString('utf8');
      chunks.length = 0;
      parseJson(request, text, (error, body) => {
        if (error) return stop(error);
        try {
          refuseUnstorableText(text, body);
        } catch (problem) {
          return stop(problem as Error);
        }
        return stop(null, body);
      });
    };
    payload.on('data', onData);
    payload.on('end', onEnd);
    payload.on('error', onError);
    payload.resume();
  };
}
