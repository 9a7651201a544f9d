import { useState } from 'react';
import { useTokenPersisted } from './token-persistence';

/**
 * Said once the app learns that this computer offers no encryption for the sign-in token
 * (Electron's safeStorage unavailable): the token is kept in memory only.
 */
export function MemoryOnlyNotice() {
  const persisted = useTokenPersisted();
  const [dismissed, setDismissed] = useState(false);
  if (persisted || dismissed) return null;
  return (
    <div
      role="status"
      className="fixed inset-x-0 bottom-0 z-40 flex items-center justify-center gap-4 border-t bg-secondary px-4 py-2 text-sm text-secondary-foreground"
    >
      <p>
        This computer offers no secure storage for your sign-in, so Ridgeline Owner keeps it in memory only: you will
        sign in again after quitting.
      </p>
      <button type="button" className="font-medium underline underline-offset-4" onClick={() => setDismissed(true)}>
        Dismiss
      </button>
    </div>
  );
}
