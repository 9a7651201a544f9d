import { afterEach, describe, expect, it, vi } from 'vitest';
import { saveCsv } from './save-csv';

afterEach(() => {
  vi.restoreAllMocks();
  vi.useRealTimers();
  delete (window as { ridgeline?: unknown }).ridgeline;
});

describe('saveCsv', () => {
  it('clicks a temporary download link to a CSV blob, then removes it and frees the URL', async () => {
    vi.useFakeTimers();
    const blobs: Blob[] = [];
    URL.createObjectURL = vi.fn((blob: Blob) => {
      blobs.push(blob);
      return 'blob:test/1';
    });
    URL.revokeObjectURL = vi.fn();
    const clicked: HTMLAnchorElement[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this);
      expect(this.isConnected).toBe(true);
    });

    saveCsv('tax-report-2026.csv', 'A,B\r\n1,2\r\n');

    expect(clicked).toHaveLength(1);
    expect(clicked[0]?.download).toBe('tax-report-2026.csv');
    expect(clicked[0]?.getAttribute('href')).toBe('blob:test/1');
    expect(clicked[0]?.isConnected).toBe(false);
    expect(blobs[0]?.type).toBe('text/csv;charset=utf-8');
    expect(await blobs[0]?.text()).toBe('A,B\r\n1,2\r\n');
    expect(URL.revokeObjectURL).not.toHaveBeenCalled();
    vi.runAllTimers();
    expect(URL.revokeObjectURL).toHaveBeenCalledWith('blob:test/1');
  });

  it('resolves true once the browser download has started', async () => {
    URL.createObjectURL = vi.fn(() => 'blob:test/2');
    URL.revokeObjectURL = vi.fn();
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    await expect(saveCsv('bookings-2026-05-01.csv', 'A\r\n')).resolves.toBe(true);
  });

  it('in the desktop app, hands the file to its Save dialog instead of downloading', async () => {
    const saveFile = vi.fn(async () => ({ saved: true, path: '/home/owner/tax.csv' }));
    (window as { ridgeline?: unknown }).ridgeline = { saveFile };
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click');
    await expect(saveCsv('tax-report-2026.csv', 'A,B\r\n1,2\r\n')).resolves.toBe(true);
    expect(saveFile).toHaveBeenCalledWith({ suggestedName: 'tax-report-2026.csv', content: 'A,B\r\n1,2\r\n' });
    expect(click).not.toHaveBeenCalled();
  });

  it('resolves false when the owner cancels the desktop Save dialog', async () => {
    (window as { ridgeline?: unknown }).ridgeline = { saveFile: async () => ({ saved: false }) };
    await expect(saveCsv('monthly-summary-2026.csv', 'x')).resolves.toBe(false);
  });
});
