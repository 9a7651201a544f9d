/**
 * Hands a CSV document to the user ([reports.csv], [desktop.csv]: exports are generated in the browser). The one
 * place that knows *how* a file is saved: a download in the browser; in the desktop app, the
 * native "Save as" dialog through its preload API (`window.ridgeline.saveFile`).
 *
 * @param fileName e.g. "tax-report-2026.csv"
 * @param text the whole document (core's CSV writers end it with CRLF)
 * @returns false when the owner cancelled the desktop's Save dialog, true otherwise
 */
export async function saveCsv(fileName: string, text: string): Promise<boolean> {
  const desktop = desktopSaveFile();
  if (desktop) return (await desktop({ suggestedName: fileName, content: text })).saved;
  download(fileName, text);
  return true;
}

/** The desktop app's `window.ridgeline.saveFile` (desktop/src/shared/ridgeline-api.ts), if present. */
type DesktopSaveFile = (request: {
  suggestedName: string;
  content: string;
}) => Promise<{ saved: boolean; path?: string }>;

function desktopSaveFile(): DesktopSaveFile | undefined {
  const bridge = (window as { ridgeline?: { saveFile?: unknown } }).ridgeline;
  return typeof bridge?.saveFile === 'function' ? (bridge.saveFile as DesktopSaveFile).bind(bridge) : undefined;
}

function download(fileName: string, text: string): void {
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
