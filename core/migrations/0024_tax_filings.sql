-- Monthly lodging-tax returns marked filed by the owner ([reports.tax-returns]): one row per
-- month and authority (who the return is filed with: "Fannin County", "Georgia Department of
-- Revenue", or a tax line's name when it names no authority). Marking again replaces the date.
CREATE TABLE tax_filings (
  month       TEXT NOT NULL CHECK (month GLOB '[0-9][0-9][0-9][0-9]-[0-1][0-9]'),
  authority   TEXT NOT NULL CHECK (length(authority) BETWEEN 1 AND 80),
  filed_on    TEXT NOT NULL,
  recorded_at TEXT NOT NULL,
  PRIMARY KEY (month, authority)
);
