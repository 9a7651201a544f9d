import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './App';
import { readInitialData } from './lib/initial-data';
import './index.css';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

// A server-rendered page ([pages.server-rendered]: `/` and the 404 page) carries its HTML and
// the data it was rendered with: hydrate the HTML with that data. Every other page is the empty
// shell, rendered here.
const initialData = readInitialData();
const app = (
  <StrictMode>
    <App initialData={initialData} />
  </StrictMode>
);
if (initialData && container.firstElementChild) {
  // Hydrating in a transition lets React yield to the browser every few milliseconds, so the
  // server's HTML is painted at once and no long task blocks input meanwhile ([pages.server-rendered]).
  startTransition(() => {
    hydrateRoot(container, app);
  });
} else {
  createRoot(container).render(app);
}
