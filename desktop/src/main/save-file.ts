/**
 * CSV exports in the desktop app: the native Save dialog, then the file written as UTF-8.
 */
import path from 'node:path';
import type { SaveFileRequest, SaveFileResult } from '../shared/ridgeline-api';

/** Electron's `dialog.showSaveDialog`, bound to the app window (injected for tests). */
export type ShowSaveDialog = (options: {
  title: string;
  defaultPath: string;
  filters: { name: string; extensions: string[] }[];
}) => Promise<{ canceled: boolean; filePath?: string }>;

export interface SaveFileDeps {
  showSaveDialog: ShowSaveDialog;
  writeFile: (file: string, content: string) => Promise<void>;
  /** Where the dialog starts, e.g. app.getPath('downloads'). */
  defaultDir: string;
}

// eslint-disable-next-line no-control-regex -- control characters are exactly what is removed
const UNSAFE_IN_FILE_NAMES = /[<>:"|?*\u0000-\u001f\u007f]/g;

/**
 * A name safe to propose on every OS: no directories, no characters Windows refuses, no leading
 * dots; "export.csv" when nothing usable is left.
 */
export function safeFileName(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? '';
  const cleaned = base
    .replace(UNSAFE_IN_FILE_NAMES, '-')
    .replace(/^[.\s]+/, '')
    .trim()
    .slice(0, 200);
  return cleaned || 'export.csv';
}

export async function saveFile(request: SaveFileRequest, deps: SaveFileDeps): Promise<SaveFileResult> {
  const name = safeFileName(request.suggestedName);
  const isCsv = name.toLowerCase().endsWith('.csv');
  const { canceled, filePath } = await deps.showSaveDialog({
    title: 'Save export',
    defaultPath: path.join(deps.defaultDir, name),
    filters: isCsv
      ? [
          { name: 'CSV files', extensions: ['csv'] },
          { name: 'All files', extensions: ['*'] },
        ]
      : [{ name: 'All files', extensions: ['*'] }],
  });
  if (canceled || !filePath) return { saved: false };
  await deps.writeFile(filePath, request.content);
  return { saved: true, path: filePath };
}
