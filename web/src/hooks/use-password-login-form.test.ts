import { act, renderHook } from '@testing-library/react';
import type { FormEvent } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { SignInError, type SecondFactor } from './create-password-session';
import { usePasswordLoginForm } from './use-password-login-form';

const event = () => ({ preventDefault: () => {} }) as FormEvent<HTMLFormElement>;

function setup(onLogin: (password: string, factor?: SecondFactor) => Promise<void>) {
  return renderHook(() => usePasswordLoginForm(onLogin, false));
}

describe('usePasswordLoginForm', () => {
  it('moves to the code step when the server wants a code, then sends password and code', async () => {
    const onLogin = vi
      .fn<(password: string, factor?: SecondFactor) => Promise<void>>()
      .mockRejectedValueOnce(new SignInError('Two-factor code required', true))
      .mockResolvedValueOnce(undefined);
    const { result } = setup(onLogin);
    act(() => result.current.setPassword('the-password'));
    await act(() => result.current.submit(event()));
    expect(result.current.step).toBe('code');
    expect(result.current.error).toBeNull();
    act(() => result.current.setCode('123 456'));
    await act(() => result.current.submit(event()));
    expect(onLogin).toHaveBeenLastCalledWith('the-password', { totp: '123456' });
  });

  it('sends a recovery code when switched to it, and keeps the step on a wrong code', async () => {
    const onLogin = vi
      .fn<(password: string, factor?: SecondFactor) => Promise<void>>()
      .mockRejectedValueOnce(new SignInError('Two-factor code required', true))
      .mockRejectedValueOnce(new SignInError('Incorrect two-factor code', true));
    const { result } = setup(onLogin);
    act(() => result.current.setPassword('the-password'));
    await act(() => result.current.submit(event()));
    act(() => result.current.toggleRecoveryCode());
    act(() => result.current.setCode(' abcd-efgh-jkmn-pqrs '));
    await act(() => result.current.submit(event()));
    expect(onLogin).toHaveBeenLastCalledWith('the-password', { recoveryCode: 'abcd-efgh-jkmn-pqrs' });
    expect(result.current.step).toBe('code');
    expect(result.current.error).toBe('Incorrect two-factor code');
    expect(result.current.code).toBe('');
    expect(result.current.password).toBe('the-password');
  });

  it('goes back to the password step on any other refusal, and on back()', async () => {
    const onLogin = vi
      .fn<(password: string, factor?: SecondFactor) => Promise<void>>()
      .mockRejectedValueOnce(new SignInError('Two-factor code required', true))
      .mockRejectedValueOnce(new SignInError('Too many failed sign-in attempts. Try again in 15 minutes.'));
    const { result } = setup(onLogin);
    act(() => result.current.setPassword('the-password'));
    await act(() => result.current.submit(event()));
    act(() => result.current.setCode('123456'));
    await act(() => result.current.submit(event()));
    expect(result.current.step).toBe('password');
    expect(result.current.error).toMatch(/Too many/);
    expect(result.current.password).toBe('');

    onLogin.mockRejectedValueOnce(new SignInError('Two-factor code required', true));
    act(() => result.current.setPassword('again'));
    await act(() => result.current.submit(event()));
    expect(result.current.step).toBe('code');
    act(() => result.current.back());
    expect(result.current.step).toBe('password');
    expect(result.current.password).toBe('');
  });

  it('shows a wrong password and stays on the first step', async () => {
    const { result } = setup(vi.fn(async () => Promise.reject(new SignInError('Incorrect password'))));
    act(() => result.current.setPassword('wrong'));
    await act(() => result.current.submit(event()));
    expect(result.current.step).toBe('password');
    expect(result.current.error).toBe('Incorrect password');
  });
});
