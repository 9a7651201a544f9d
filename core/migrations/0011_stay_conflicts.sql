-- Double bookings already reported ([stays.conflict]): one row per pair of stay ids (the Stay ids
-- of GET /api/stays, in sorted order), so each new conflict is told to the owner once.
CREATE TABLE stay_conflicts (
  first_stay_id  TEXT NOT NULL,
  second_stay_id TEXT NOT NULL,
  first_seen     TEXT NOT NULL,
  PRIMARY KEY (first_stay_id, second_stay_id),
  CHECK (first_stay_id < second_stay_id)
);
