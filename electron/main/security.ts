import type { Session, WebContents, WebFrameMain } from 'electron';

/**
 * Hardening applied to every window's web contents: the app is one page and never navigates,
 * opens windows or asks for device permissions.
 */
export function hardenWebContents(contents: Pick<WebContents, 'on' | 'setWindowOpenHandler'>): void {
  // The app never leaves its page; a link or a dropped file must not replace it.
  contents.on('will-navigate', (event) => event.preventDefault());
  contents.on('will-redirect', (event) => event.preventDefault());
  contents.on('will-attach-webview', (event) => event.preventDefault());
  contents.setWindowOpenHandler(() => ({ action: 'deny' }));
}

/** No camera, microphone, notifications, geolocation…: every request and check is refused. */
export function denyAllPermissions(
  session: Pick<Session, 'setPermissionRequestHandler' | 'setPermissionCheckHandler'>,
): void {
  session.setPermissionRequestHandler((_contents, _permission, callback) => callback(false));
  session.setPermissionCheckHandler(() => false);
}

/**
 * Whether an IPC message comes from the app's own page: the top frame of a page whose origin is
 * one of ours (app:// in production, the dev server while developing). Anything else — an
 * iframe, a page navigated elsewhere, a destroyed frame — is refused.
 */
export function isTrustedSender(
  frame: Pick<WebFrameMain, 'url' | 'parent'> | null | undefined,
  trustedOrigins: readonly string[],
): boolean {
  if (!frame || frame.parent) return false;
  let url: URL;
  try {
    url = new URL(frame.url);
  } catch {
    return false;
  }
  // Built from scheme and host rather than `url.origin`, which is "null" for custom schemes
  // outside Electron's registry: the check must not depend on where it runs.
  return trustedOrigins.includes(`${url.protocol}//${url.host}`);
}
