-- Reserved: migration 0014 belongs to a sibling branch (issue 14). This empty file only keeps
-- the sequence whole on the i16-insights branch; it is replaced by that branch's 0014 on merge.
SELECT 1;
