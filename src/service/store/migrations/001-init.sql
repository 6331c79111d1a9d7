-- The job service's schema. The jobs table is the queue (worker/claim.ts).
CREATE TABLE api_keys (
  id          uuid PRIMARY KEY,
  digest      text NOT NULL UNIQUE,          -- SHA-256 of the key, hex; the key itself is never stored
  user_id     text NOT NULL,
  project_id  text NOT NULL,
  created_at  timestamptz NOT NULL DEFAULT now(),
  revoked_at  timestamptz
);

CREATE TABLE jobs (
  id                   uuid PRIMARY KEY,
  seq                  bigserial NOT NULL UNIQUE,   -- creation order: the list cursor
  project_id           text NOT NULL,
  submitter_id         text NOT NULL,
  api_version          text NOT NULL,               -- 'v0.3' | 'v0.4': which representation created it
  type                 text NOT NULL,               -- as submitted, prefix kept (svc.qasm3.v1, ionq.circuit.v1, ...)
  status               text NOT NULL,
  backend              text NOT NULL,
  name                 text,
  metadata             jsonb,
  shots                integer,
  dry_run              boolean NOT NULL DEFAULT false,
  noise                jsonb,
  settings             jsonb,
  error_mitigation     jsonb,
  registers            jsonb,
  session_id           text,
  input                jsonb NOT NULL,
  parent_job_id        uuid REFERENCES jobs(id) ON DELETE CASCADE,
  child_index          integer,
  child_job_ids        jsonb,                        -- an array keeps the circuit order
  submitted_at         timestamptz NOT NULL DEFAULT now(),
  started_at           timestamptz,
  completed_at         timestamptz,
  finish_at            timestamptz,                  -- emulated QPU: results stored, completes at this time
  execution_duration_ms integer,
  predicted_execution_duration_ms integer,
  failure              jsonb,
  stats                jsonb,
  output               jsonb,
  attempts             integer NOT NULL DEFAULT 0,   -- claims so far; more than 1 only after a lease ran out
  lease_owner          text,
  lease_expires_at     timestamptz
);
CREATE INDEX jobs_project_seq ON jobs (project_id, seq DESC);
CREATE INDEX jobs_queue ON jobs (seq) WHERE status IN ('submitted', 'ready') AND child_job_ids IS NULL;
CREATE INDEX jobs_started ON jobs (lease_expires_at) WHERE status = 'started';
CREATE INDEX jobs_parent ON jobs (parent_job_id);

CREATE TABLE artifacts (
  id          uuid PRIMARY KEY,
  job_id      uuid NOT NULL REFERENCES jobs(id) ON DELETE CASCADE,
  kind        text NOT NULL,                        -- 'result' | 'compiled'
  format      text NOT NULL,                        -- svc.result.probabilities.json.v2, svc.qasm3.v1, ...
  media_type  text NOT NULL,
  body        text NOT NULL                         -- text, not jsonb: key order is part of the answer
);
CREATE INDEX artifacts_job ON artifacts (job_id);

CREATE TABLE characterizations (
  id       uuid PRIMARY KEY,
  backend  text NOT NULL,
  date     timestamptz NOT NULL,
  body     jsonb NOT NULL                           -- qubits, connectivity, fidelity, timing
);
CREATE INDEX characterizations_backend_date ON characterizations (backend, date DESC);

CREATE TABLE service_meta (
  key    text PRIMARY KEY,
  value  text NOT NULL
);
