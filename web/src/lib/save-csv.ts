/**
 * Hands a CSV document to the user as a download (SPEC §7: exports are generated in the
 * browser). The one place that knows *how* a file is saved, so the desktop app can swap in a
 * native "Save as" without touching the Reports tab.
 *
 * @param fileName e.g. "tax-report-2026.csv"
 * @param text the whole document (core's CSV writers end it with CRLF)
 */
export function saveCsv(fileName: string, text: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  // The click starts the download asynchronously; revoking at once can cancel it in some browsers.
  window.setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
