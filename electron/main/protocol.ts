import { extname, resolve, sep } from 'node:path';
import type { CustomScheme } from 'electron';

/**
 * Built pages are served from `app://companion/…` rather than file://, so the page has a real,
 * fixed origin (the IPC sender check relies on it), file:// privileges are never granted, and the
 * Content-Security-Policy travels as a header.
 */
export const APP_SCHEME = 'app';
export const APP_HOST = 'companion';
export const APP_ORIGIN = `${APP_SCHEME}://${APP_HOST}`;

export const appScheme: CustomScheme = {
  scheme: APP_SCHEME,
  privileges: { standard: true, secure: true, supportFetchAPI: true },
};

const mimeTypes: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
};

/**
 * Maps a request URL to a file under `rootDir`, or null when it is not ours or would escape the
 * folder (`app://companion/../../etc/passwd`). `/` is the page itself.
 */
export function resolveAppPath(url: string, rootDir: string): string | null {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return null;
  }
  if (parsed.protocol !== `${APP_SCHEME}:` || parsed.host !== APP_HOST) return null;
  let pathname: string;
  try {
    pathname = decodeURIComponent(parsed.pathname);
  } catch {
    return null;
  }
  if (pathname === '/' || pathname === '') pathname = '/index.html';
  const root = resolve(rootDir);
  const file = resolve(root, `.${pathname}`);
  return file.startsWith(root + sep) ? file : null;
}

export function mimeTypeOf(file: string): string {
  return mimeTypes[extname(file).toLowerCase()] ?? 'application/octet-stream';
}

/** The `protocol.handle` callback: files from `rootDir`, with the CSP header; 404 otherwise. */
export function createAppProtocolHandler(
  rootDir: string,
  readFile: (file: string) => Promise<Uint8Array>,
  csp: string,
) {
  return async (request: { url: string }): Promise<Response> => {
    const file = resolveAppPath(request.url, rootDir);
    if (!file) return new Response('Not found', { status: 404 });
    try {
      const body = await readFile(file);
      return new Response(new Uint8Array(body), {
        status: 200,
        headers: {
          'content-type': mimeTypeOf(file),
          'content-security-policy': csp,
          'x-content-type-options': 'nosniff',
        },
      });
    } catch {
      return new Response('Not found', { status: 404 });
    }
  };
}
