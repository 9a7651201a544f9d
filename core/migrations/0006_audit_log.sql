-- The owner's audit log ([audit.log] in docs/product.md): every change an owner makes, with time, area, client
-- IP and a short description. Kept one year.

CREATE TABLE audit_log (
  id     INTEGER PRIMARY KEY,
  time   TEXT NOT NULL,
  area   TEXT NOT NULL CHECK (area IN ('admin', 'security')),
  ip     TEXT NOT NULL,
  action TEXT NOT NULL,
  detail TEXT NOT NULL DEFAULT ''
);
CREATE INDEX audit_log_time ON audit_log (time);
