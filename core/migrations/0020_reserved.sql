-- Reserved: migration 0020 belongs to a sibling branch of issue 15 (or main). This empty file only keeps
-- the sequence whole on the i15-damage branch; it is replaced by that branch's 0020 on merge.
SELECT 1;
