-- The audit log's privacy and the guest area ([audit.log]), and the account-wide limit on two-factor
-- codes ([auth.two-factor-limit]) in docs/product.md.

-- 1. The audit log records a guest's own cancellation ([guest.cancel]) under a third area, `guest`,
-- beside the two owner areas. SQLite cannot change a CHECK constraint, so the table is made anew
-- with the same columns, rows and ids.
CREATE TABLE audit_log_new (
  id     INTEGER PRIMARY KEY,
  time   TEXT NOT NULL,
  area   TEXT NOT NULL CHECK (area IN ('admin', 'security', 'guest')),
  ip     TEXT NOT NULL,
  action TEXT NOT NULL,
  detail TEXT NOT NULL DEFAULT ''
);
INSERT INTO audit_log_new (id, time, area, ip, action, detail) SELECT id, time, area, ip, action, detail FROM audit_log;
DROP TABLE audit_log;
ALTER TABLE audit_log_new RENAME TO audit_log;
CREATE INDEX audit_log_time ON audit_log (time);

-- 2. Entries already written keep no guest e-mail or phone (the booking id is enough): the
-- automatic writer described a request by its body fields, `key=value` separated by spaces, text
-- values as JSON strings, so the `email="…"` and `phone="…"` of "booking added" entries are
-- removed. Inside a JSON string a quote is `\"` and a backslash `\\`: they are set aside as
-- char(2) and char(1) first, so the next `"` ends the value (a value cut off by the 500-character
-- limit ends at the end of the text), and put back after. `d` is the detail behind one space, so
-- a field at the start is found like any other as ` email="`.
UPDATE audit_log SET detail = scrubbed.detail
FROM (
  SELECT id,
         replace(replace(substr(substr(d, 1, p - 1) || CASE WHEN instr(rest, '"') = 0 THEN '' ELSE substr(rest, instr(rest, '"') + 1) END, 2),
                         char(2), '\"'), char(1), '\\') AS detail
  FROM (SELECT id, d, p, substr(d, p + length(' email="')) AS rest
          FROM (SELECT id, d, instr(d, ' email="') AS p
                  FROM (SELECT id, ' ' || replace(replace(detail, '\\', char(1)), '\"', char(2)) AS d FROM audit_log)))
  WHERE p > 0
) AS scrubbed
WHERE audit_log.id = scrubbed.id;

UPDATE audit_log SET detail = scrubbed.detail
FROM (
  SELECT id,
         replace(replace(substr(substr(d, 1, p - 1) || CASE WHEN instr(rest, '"') = 0 THEN '' ELSE substr(rest, instr(rest, '"') + 1) END, 2),
                         char(2), '\"'), char(1), '\\') AS detail
  FROM (SELECT id, d, p, substr(d, p + length(' phone="')) AS rest
          FROM (SELECT id, d, instr(d, ' phone="') AS p
                  FROM (SELECT id, ' ' || replace(replace(detail, '\\', char(1)), '\"', char(2)) AS d FROM audit_log)))
  WHERE p > 0
) AS scrubbed
WHERE audit_log.id = scrubbed.id;

-- 3. Two-factor codes have an account-wide limit ([auth.two-factor-limit]): each wrong code of an
-- area is kept (time only, no address) for the 15-minute window; the 20th in the window locks the
-- area's codes for 15 minutes. Both live here rather than in memory so a restart neither lifts a
-- lock nor forgets the count.
CREATE TABLE two_factor_failures (
  id   INTEGER PRIMARY KEY,
  area TEXT NOT NULL CHECK (area IN ('admin', 'security')),
  at   TEXT NOT NULL
);
CREATE INDEX two_factor_failures_area_at ON two_factor_failures (area, at);

CREATE TABLE two_factor_locks (
  area         TEXT PRIMARY KEY CHECK (area IN ('admin', 'security')),
  locked_at    TEXT NOT NULL,
  locked_until TEXT NOT NULL
);
