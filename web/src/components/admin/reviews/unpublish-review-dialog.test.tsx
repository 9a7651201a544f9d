import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { HiddenReason } from '@ridgeline/core';
import { UnpublishReviewDialog } from './unpublish-review-dialog';

/** The Unpublish dialog ([reviews.hidden-reason]): a reason from the list before anything is sent. */

let onUnpublish: ReturnType<typeof vi.fn<(reason: HiddenReason) => Promise<unknown>>>;

beforeEach(() => {
  onUnpublish = vi.fn<(reason: HiddenReason) => Promise<unknown>>(async () => undefined);
  render(<UnpublishReviewDialog review={{ id: 3, guestName: 'Jane Doe', rating: 2 }} disabled={false} onUnpublish={onUnpublish} />);
});
afterEach(cleanup);

const open = () => act(async () => fireEvent.click(screen.getByRole('button', { name: 'Unpublish' })));
const dialog = () => screen.getByRole('dialog', { name: 'Unpublish review' });
const confirm = () => act(async () => fireEvent.click(within(dialog()).getByRole('button', { name: 'Unpublish review' })));

describe('UnpublishReviewDialog', () => {
  it('offers the four reasons, none chosen, and says the reason is audited', async () => {
    await open();
    const reasons = within(dialog()).getByRole('group', { name: 'Reason' });
    const radios = within(reasons).getAllByRole('radio');
    expect(radios.map((r) => r.closest('label')?.textContent)).toEqual(['Personal data', 'Profanity', 'Off-topic', 'Other']);
    for (const radio of radios) expect((radio as HTMLInputElement).checked).toBe(false);
    expect(dialog().textContent).toContain("Why does Jane Doe's 2-star review come off the home page?");
    expect(dialog().textContent).toContain('security audit log');
  });

  it('sends nothing without a reason and says so', async () => {
    await open();
    await confirm();
    expect(await within(dialog()).findByText('Reason must be chosen')).toBeTruthy();
    expect(within(dialog()).getByRole('group', { name: 'Reason' }).getAttribute('aria-invalid')).toBe('true');
    expect(onUnpublish).not.toHaveBeenCalled();
  });

  it('sends the chosen reason and closes', async () => {
    await open();
    fireEvent.click(within(dialog()).getByRole('radio', { name: 'Off-topic' }));
    await confirm();
    expect(onUnpublish).toHaveBeenCalledWith('off_topic');
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('stays open when unpublishing fails', async () => {
    onUnpublish.mockRejectedValueOnce(new Error('Server said no'));
    await open();
    fireEvent.click(within(dialog()).getByRole('radio', { name: 'Profanity' }));
    await confirm();
    expect(onUnpublish).toHaveBeenCalledWith('profanity');
    expect(dialog()).toBeTruthy();
  });

  it('Cancel closes without sending', async () => {
    await open();
    fireEvent.click(within(dialog()).getByRole('radio', { name: 'Other' }));
    await act(async () => fireEvent.click(within(dialog()).getByRole('button', { name: 'Cancel' })));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(onUnpublish).not.toHaveBeenCalled();
  });
});
