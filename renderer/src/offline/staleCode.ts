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
