import type { Client } from '../../core/api/client';

declare global {
  /** The app's version, from package.json, set at build time. */
  const __APP_VERSION__: string;
  /** True in the browser build (out/web), false in the desktop one: set at build time. */
  const __WEB_BUILD__: boolean;

  interface Window {
    /** Present only in the desktop app, exposed by the preload. */
    companion?: Client;
  }
}
