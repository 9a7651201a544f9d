-- Reserved: migration 0013 belongs to a sibling branch of issue 14. This empty file only keeps
-- the sequence whole on the i14-manual branch; it is replaced by that branch's 0013 on merge.
SELECT 1;
