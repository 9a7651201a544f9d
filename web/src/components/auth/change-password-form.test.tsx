import { QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '@/lib/query-client';
import { ChangePasswordForm } from './change-password-form';

/** The change-password form ([auth.password-change]), checked with the server's `passwordChangeRequestSchema` rules. */

let fetchMock: ReturnType<typeof vi.fn<typeof fetch>>;

function renderForm(twoFactorEnabled = false) {
  render(
    <QueryClientProvider client={createQueryClient()}>
      <ChangePasswordForm area="admin" twoFactorEnabled={twoFactorEnabled} headingId="pw" what="admin password" />
    </QueryClientProvider>,
  );
}

beforeEach(() => {
  fetchMock = vi.fn<typeof fetch>(async () => Response.json({ success: true, sessionsEnded: 2 }));
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label, { exact: true }), { target: { value } });
const submit = () => act(async () => fireEvent.click(screen.getByRole('button', { name: 'Change password' })));

describe('ChangePasswordForm', () => {
  it('refuses a new password under 8 characters and sends nothing', async () => {
    renderForm();
    type('Current password', 'old-secret');
    type('New password', 'short');
    type('New password again', 'short');
    await submit();
    expect((await screen.findByRole('alert')).textContent).toBe('The new password needs at least 8 characters.');
    expect(screen.getByLabelText('New password', { exact: true }).getAttribute('aria-invalid')).toBe('true');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('refuses two different new passwords and sends nothing', async () => {
    renderForm();
    type('Current password', 'old-secret');
    type('New password', 'new-secret-1');
    type('New password again', 'new-secret-2');
    await submit();
    expect((await screen.findByRole('alert')).textContent).toBe('The two new passwords are not the same.');
    expect(screen.getByLabelText('New password again', { exact: true }).getAttribute('aria-describedby')).toMatch(/-error$/);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('sends the passwords and the code as totp, then says how many sessions ended and clears the fields', async () => {
    renderForm(true);
    type('Current password', 'old-secret');
    type('New password', 'new-secret-1');
    type('New password again', 'new-secret-1');
    type('Two-factor code', '123 456');
    await submit();
    expect((await screen.findByRole('status')).textContent).toBe('Password changed. 2 other sessions were signed out.');
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/auth/password');
    expect(JSON.parse(String(init?.body))).toEqual({ currentPassword: 'old-secret', newPassword: 'new-secret-1', totp: '123456' });
    expect((screen.getByLabelText('New password', { exact: true }) as HTMLInputElement).value).toBe('');
  });

  it("shows the server's refusal and clears only the code", async () => {
    fetchMock.mockImplementation(async () => Response.json({ error: 'Incorrect password' }, { status: 401 }));
    renderForm(true);
    type('Current password', 'wrong');
    type('New password', 'new-secret-1');
    type('New password again', 'new-secret-1');
    type('Two-factor code', '123456');
    await submit();
    expect((await screen.findByRole('alert')).textContent).toBe('Incorrect password');
    expect((screen.getByLabelText('Two-factor code', { exact: true }) as HTMLInputElement).value).toBe('');
    expect((screen.getByLabelText('Current password', { exact: true }) as HTMLInputElement).value).toBe('wrong');
  });
});
