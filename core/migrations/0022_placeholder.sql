-- Placeholder on branch i23-refunds only: version 0022 is taken by another branch (0021_audit_privacy.sql,
-- 0022 by another). Delete this file when merging that migration; it changes nothing.
SELECT 1;
