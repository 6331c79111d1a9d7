/**
 * How long a client may take, so slow or hostile clients cannot hold
 * connections or memory (docs/service.md, "Timeouts"). Node enforces these;
 * it checks them every `checkIntervalMs`, so a limit can be overshot by that.
 */
import type { ServerOptions } from 'node:http';

export interface Timeouts {
  /** Until the request's headers have all arrived (slow-header clients). Default 10 s. */
  readonly headersMs?: number;
  /** Until the whole request, body included, has arrived. Default 60 s (a 10 MB body at 200 kB/s). */
  readonly requestMs?: number;
  /** An idle kept-alive connection is closed after this. Default 72 s (Fastify's: longer than the idle timeout of common clients and balancers, so they close first and never send on a closing socket). */
  readonly keepAliveMs?: number;
  /** A socket with no traffic at all is closed after this. Default 120 s. */
  readonly idleMs?: number;
  /** How often Node checks the header and request timeouts. Default 1 s. */
  readonly checkIntervalMs?: number;
}

/** Largest header block accepted (Node's default); larger answers 431. */
export const MAX_HEADER_BYTES = 16 * 1024;

export interface TimeoutOptions {
  readonly requestTimeout: number;
  readonly keepAliveTimeout: number;
  readonly connectionTimeout: number;
  readonly http: ServerOptions;
}

/** Fastify's options (its own and the Node server's) for these timeouts. */
export function serverTimeouts(timeouts: Timeouts = {}): TimeoutOptions {
  const requestMs = timeouts.requestMs ?? 60_000;
  return {
    requestTimeout: requestMs,
    keepAliveTimeout: timeouts.keepAliveMs ?? 72_000,
    connectionTimeout: timeouts.idleMs ?? 120_000,
    http: {
      // Node requires headersTimeout <= requestTimeout.
      headersTimeout: Math.min(timeouts.headersMs ?? 10_000, requestMs),
      connectionsCheckingInterval: timeouts.checkIntervalMs ?? 1000,
      maxHeaderSize: MAX_HEADER_BYTES,
    },
  };
}
