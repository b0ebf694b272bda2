-- Jobs the in-process runner (decision 014) left queued or running have no entry in the durable
-- queue (decision 022) and would never finish: they end as interrupted, as 014 did at a restart.
UPDATE "jobs" SET "status" = 'failed', "error_key" = 'pimGrid.jobInterrupted', "finished_at" = now()
WHERE "status" IN ('queued', 'running');
