-- Request counters of the per-key rate limit (http/rate-limit.ts), shared by every serve process on one server.
CREATE TABLE rate_limits (
  key           text PRIMARY KEY,               -- digest of the API key, or the client address without one
  window_start  timestamptz NOT NULL,           -- start of the fixed window the count belongs to (server clock)
  count         integer NOT NULL
);
