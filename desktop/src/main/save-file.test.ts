import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { useTempDir } from '../test-support/temp-dir';
import { safeFileName, saveFile, type ShowSaveDialog } from './save-file';

const dir = useTempDir();
const CSV = 'Booking ID,Guest\r\n1,"Maya ""M"" Month"\r\n';

describe('saveFile', () => {
  it('offers the suggested name in the Save dialog and writes the chosen path', async () => {
    const chosen = path.join(dir(), 'my-taxes.csv');
    const showSaveDialog = vi.fn<ShowSaveDialog>(async () => ({ canceled: false, filePath: chosen }));
    const result = await saveFile(
      { suggestedName: 'tax-report-2026.csv', content: CSV },
      {
        showSaveDialog,
        writeFile: (file, content) => writeFile(file, content, 'utf8'),
        defaultDir: '/home/owner/Downloads',
      },
    );
    expect(result).toEqual({ saved: true, path: chosen });
    expect(await readFile(chosen, 'utf8')).toBe(CSV);
    expect(showSaveDialog).toHaveBeenCalledWith(
      expect.objectContaining({
        defaultPath: path.join('/home/owner/Downloads', 'tax-report-2026.csv'),
        filters: expect.arrayContaining([{ name: 'CSV files', extensions: ['csv'] }]),
      }),
    );
  });

  it('writes nothing and answers {saved:false} when the owner cancels', async () => {
    const writeFileSpy = vi.fn(async () => undefined);
    const cancelled = await saveFile(
      { suggestedName: 'bookings-2026-05-01.csv', content: CSV },
      { showSaveDialog: async () => ({ canceled: true, filePath: '' }), writeFile: writeFileSpy, defaultDir: dir() },
    );
    expect(cancelled).toEqual({ saved: false });
    expect(writeFileSpy).not.toHaveBeenCalled();
  });
});

describe('safeFileName', () => {
  it.each([
    ['monthly-summary-2026.csv', 'monthly-summary-2026.csv'],
    ['../../.bashrc', 'bashrc'],
    ['C:\\Windows\\system32\\evil.csv', 'evil.csv'],
    ['/etc/passwd', 'passwd'],
    ['a<b>c:d"e|f?g*h.csv', 'a-b-c-d-e-f-g-h.csv'],
    ['bad\u0000name\n.csv', 'bad-name-.csv'],
    ['', 'export.csv'],
    ['...', 'export.csv'],
  ])('%j → %j', (input, output) => expect(safeFileName(input)).toBe(output));
});
