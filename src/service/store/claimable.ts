/**
 * Which jobs a worker may claim, as SQL conditions on a row of `jobs` (or on
 * rows of its columns): one definition for the claim (queue.ts) and for the
 * insert that claims (jobs.ts), so both take the same jobs in the same order.
 * A multicircuit parent is never claimed itself: its children are.
 */

/** A job waiting in the queue. */
export const QUEUED = `status IN ('submitted', 'ready') AND child_job_ids IS NULL`;

/** A claimed job whose worker let its lease run out: claimed again before any queued job. */
export const LEASE_RAN_OUT = `status = 'started' AND finish_at IS NULL AND child_job_ids IS NULL AND lease_expires_at < now()`;
