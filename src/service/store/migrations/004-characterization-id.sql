-- The characterization an emulated QPU job (or a noisy simulation pinned to one) ran on: an extension field of the job.
ALTER TABLE jobs ADD COLUMN characterization_id uuid;
