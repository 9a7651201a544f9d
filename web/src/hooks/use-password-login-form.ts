import { useId, useRef, useState, type FormEvent } from 'react';

/**
 * The state of a password sign-in form (admin login, security console gate): a refused
 * password shows the message `onLogin` rejects with, clears the field and puts focus back in it.
 * @param onLogin resolves when signed in; rejects with the message to show
 */
export function usePasswordLoginForm(onLogin: (password: string) => Promise<void>, loggingIn: boolean) {
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const id = useId();

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (loggingIn) return;
    setError(null);
    try {
      await onLogin(password);
    } catch (err) {
      setError(err instanceof Error ? err.message : 'Sign-in failed');
      setPassword('');
      inputRef.current?.focus();
    }
  };

  return { password, setPassword, error, inputRef, inputId: `${id}-password`, errorId: `${id}-error`, submit };
}
