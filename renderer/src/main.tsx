import '@mantine/core/styles.css';
// After Mantine's styles: the touch sizes override its variables.
import './table.css';
// First: importing the host starts the browser's worker host while the rest loads (host/index.ts).
import { connectHost } from './host';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import { askToKeepStorageOnce } from './offline/storage';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

createRoot(root).render(
  <StrictMode>
    <App host={connectHost()} />
  </StrictMode>,
);

// The browser build keeps its data in this browser's storage and itself in a service worker.
// (The desktop build has neither: this block is cut out of it at build time.)
if (__WEB_BUILD__) {
  // If the browser refuses even to be asked (storage blocked), About says what it can and can ask again.
  void askToKeepStorageOnce().catch(() => undefined);
  // Only the built app has a service worker (vite-plugin-pwa writes sw.js into out/web).
  if (import.meta.env.PROD)
    void import('./offline/serviceWorker').then(({ startServiceWorker }) => startServiceWorker());
}
