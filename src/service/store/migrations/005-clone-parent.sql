-- The parent a move or clone names (`parent` in its body), shown as the job's
-- parent_job_id. Not parent_job_id itself: that column ties a multicircuit
-- child to its parent (settled with it, deleted with it by the foreign key),
-- and a named parent is only a record of lineage.
ALTER TABLE jobs ADD COLUMN clone_parent_id uuid;
CREATE INDEX jobs_clone_parent ON jobs (clone_parent_id) WHERE clone_parent_id IS NOT NULL;
