import type { Client } from '../../core/api/client';

declare global {
  /** The app's version, from package.json, set at build time. */
  const __APP_VERSION__: string;

  interface Window {
    /** Present only in the desktop app, exposed by the preload. */
    companion?: Client;
  }
}
