-- Sessions (IonQ's v0.4 OpenAPI Session): a project's run of jobs on one
-- backend under optional limits. job_count and committed_cost are what the
-- accepted jobs used of the limits; each admission updates them under the
-- session row's lock, so concurrent submissions cannot pass a limit together.
CREATE TABLE sessions (
  id                  uuid PRIMARY KEY,
  seq                 bigserial NOT NULL,           -- creation order: lists newest first
  project_id          text NOT NULL,
  creator_id          text NOT NULL,
  ender_id            text,
  backend             text NOT NULL,
  status              text NOT NULL DEFAULT 'created',   -- created | started | ended
  job_count_limit     integer,
  duration_limit_min  integer,
  cost_limit          jsonb,                        -- {unit: "usd", value}
  job_count           integer NOT NULL DEFAULT 0,
  committed_cost      double precision NOT NULL DEFAULT 0,   -- USD: the estimates of the jobs accepted
  created_at          timestamptz NOT NULL DEFAULT now(),
  started_at          timestamptz,
  ended_at            timestamptz
);
CREATE INDEX sessions_project_seq ON sessions (project_id, seq DESC);
CREATE INDEX jobs_session ON jobs (session_id) WHERE session_id IS NOT NULL;
