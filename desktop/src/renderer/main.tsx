/**
 * Entry of the desktop renderer. Reads the server address and remembered tokens through the
 * preload, installs the desktop transport for the SPA's API calls, then renders.
 */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { ADMIN_FLAG_KEY } from '@/hooks/use-admin-session';
import { setApiTransport } from '@/lib/api-client';
import { getBridge } from './bridge';
import { DesktopApp } from './desktop-app';
import { createDesktopTransport } from './desktop-transport';
import { setTokenPersisted } from './token-persistence';
import './desktop.css';

async function boot(container: HTMLElement): Promise<void> {
  const root = createRoot(container);
  const bridge = getBridge();
  if (!bridge) {
    root.render(
      <p className="p-8 text-center">This page is part of the Ridgeline Owner app and runs only inside it.</p>,
    );
    return;
  }
  const serverUrl = await bridge.getServerUrl();
  if (serverUrl) {
    const [admin, security] = await Promise.all([bridge.getToken('admin'), bridge.getToken('security')]);
    setApiTransport(
      createDesktopTransport({
        serverUrl,
        bridge,
        initialTokens: { admin, security },
        onTokenPersistence: setTokenPersisted,
      }),
    );
    // A sign-in remembered from an earlier run: the admin page confirms it with the server.
    if (admin) window.localStorage.setItem(ADMIN_FLAG_KEY, 'true');
  }
  root.render(
    <StrictMode>
      <DesktopApp bridge={bridge} serverUrl={serverUrl} />
    </StrictMode>,
  );
}

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');
void boot(container);
