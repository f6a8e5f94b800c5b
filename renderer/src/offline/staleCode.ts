/**
 * Whether an error is a screen's code that could not be loaded: the app was updated (on the web
 * server, or by its service worker from another tab) while this page kept running the previous
 * version, whose files are gone. Only a reload helps: it opens the new version. Browsers word it
 * differently (Chromium, Firefox, Safari; Vite's preloader for the styles a screen needs).
 */
export function isStaleCodeError(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  return /dynamically imported module|Importing a module script failed|Unable to preload CSS/i.test(error.message);
}

/** Where this page stands when a screen's code fails to load. */
export interface PageState {
  /** The browser says it has a network (navigator.onLine). */
  online: boolean;
  /** A service worker answers this page's requests (navigator.serviceWorker.controller): the app's files are stored. */
  controlled: boolean;
}

/**
 * Why a screen's code could not be loaded, or null when the error is something else: `offline`
 * when the page is offline and no service worker has stored the app (service workers blocked, or
 * the network dropped on a first visit while the app was still being stored — issue 36: these
 * pages said a new version had been installed, a false reason); else `stale`, the app updated
 * under this page.
 */
export function codeLoadFailure(error: unknown, page: PageState): 'offline' | 'stale' | null {
  if (!isStaleCodeError(error)) return null;
  return !page.online && !page.controlled ? 'offline' : 'stale';
}

/** What such a page says when it is offline before the app was stored. */
export const OFFLINE_BEFORE_STORED =
  'This screen could not be loaded: you are offline, and the app works offline only after it has been opened once with the network on and has finished storing itself (About says when it has). Connect to the network and reload; your rosters and combats stay as they are.';

/** This page's state, read from the browser. */
export function currentPageState(): PageState {
  return {
    online: navigator.onLine,
    controlled: 'serviceWorker' in navigator && navigator.serviceWorker.controller !== null,
  };
}
