/** React's own `useSyncExternalStore`, in place of the shim package for React < 18 (web/vite.config.ts alias). */
export { useSyncExternalStore } from 'react';
