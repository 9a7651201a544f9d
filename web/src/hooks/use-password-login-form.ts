import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import type { SecondFactor } from './create-password-session';

/** A refusal as `onLogin` rejects: the message, and whether a two-factor code is wanted. */
interface Refusal {
  message?: string;
  twoFactorRequired?: boolean;
}

/**
 * The state of a password sign-in form (admin login, security console gate), in two steps:
 * - `password`: a refused password shows the message `onLogin` rejects with, clears the field
 *   and puts focus back in it. When the server answers that a two-factor code is required
 *   ([auth.two-factor]), the form moves to the second step, keeping the password in memory.
 * - `code`: a 6-digit code from the app, or a recovery code (`useRecoveryCode`). A wrong code
 *   shows the server's message and clears the code field; any other refusal (the password was
 *   changed meanwhile, 429) goes back to the first step with its message. `back()` returns to
 *   the first step and forgets the password.
 * @param onLogin resolves when signed in; rejects with `{ message, twoFactorRequired? }`
 */
export function usePasswordLoginForm(onLogin: (password: string, factor?: SecondFactor) => Promise<void>, loggingIn: boolean) {
  const [password, setPassword] = useState('');
  const [step, setStep] = useState<'password' | 'code'>('password');
  const [code, setCode] = useState('');
  const [useRecoveryCode, setUseRecoveryCode] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const codeRef = useRef<HTMLInputElement>(null);
  const id = useId();

  // Each step puts focus in its own field when it appears (and when the code kind changes).
  const mounted = useRef(false);
  useEffect(() => {
    if (!mounted.current) {
      mounted.current = true;
      return;
    }
    (step === 'code' ? codeRef : inputRef).current?.focus();
  }, [step, useRecoveryCode]);

  const refusal = (err: unknown): Refusal => (err instanceof Error ? (err as Error & Refusal) : {});

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (loggingIn) return;
    setError(null);
    if (step === 'password') {
      try {
        await onLogin(password);
      } catch (err) {
        const { message, twoFactorRequired } = refusal(err);
        if (twoFactorRequired) {
          setCode('');
          setStep('code');
          return;
        }
        setError(message ?? 'Sign-in failed');
        setPassword('');
        inputRef.current?.focus();
      }
      return;
    }
    const factor: SecondFactor = useRecoveryCode ? { recoveryCode: code.trim() } : { totp: code.replace(/\s/g, '') };
    try {
      await onLogin(password, factor);
    } catch (err) {
      const { message, twoFactorRequired } = refusal(err);
      setError(message ?? 'Sign-in failed');
      setCode('');
      if (twoFactorRequired) {
        codeRef.current?.focus();
        return;
      }
      setPassword('');
      setStep('password');
    }
  };

  const back = () => {
    setError(null);
    setPassword('');
    setCode('');
    setUseRecoveryCode(false);
    setStep('password');
  };

  const toggleRecoveryCode = () => {
    setError(null);
    setCode('');
    setUseRecoveryCode((on) => !on);
  };

  return {
    password,
    setPassword,
    error,
    inputRef,
    inputId: `${id}-password`,
    errorId: `${id}-error`,
    submit,
    step,
    code,
    setCode,
    codeRef,
    codeId: `${id}-code`,
    useRecoveryCode,
    toggleRecoveryCode,
    back,
  };
}

export type PasswordLoginForm = ReturnType<typeof usePasswordLoginForm>;
