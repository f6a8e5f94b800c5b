import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { contentSecurityPolicy } from '../../electron/main/csp';
import { createAppProtocolHandler, resolveAppPath } from '../../electron/main/protocol';

const root = resolve('/opt/companion/renderer');

describe('app:// protocol', () => {
  it('maps the page and its assets into the renderer folder', () => {
    expect(resolveAppPath('app://companion/', root)).toBe(resolve(root, 'index.html'));
    expect(resolveAppPath('app://companion/index.html#/about', root)).toBe(resolve(root, 'index.html'));
    expect(resolveAppPath('app://companion/assets/index-abc.js?x=1', root)).toBe(resolve(root, 'assets/index-abc.js'));
  });

  it.each(['app://companion/../../../etc/passwd', 'app://companion/%2e%2e/%2e%2e/etc/passwd'])(
    'keeps %s inside the renderer folder (the URL parser folds the dots away)',
    (url) => {
      expect(resolveAppPath(url, root)).toBe(resolve(root, 'etc/passwd'));
    },
  );

  it.each([
    'app://companion/assets/%2e%2e%2f%2e%2e%2fsecret',
    'app://companion/..%2f..%2f..%2fetc%2fpasswd',
    'app://other/index.html',
    'https://companion/index.html',
    'app://companion/%E0%A4%A',
    'nonsense',
  ])('refuses %s', (url) => {
    expect(resolveAppPath(url, root)).toBeNull();
  });

  it('serves files with their type and the Content-Security-Policy header', async () => {
    const handler = createAppProtocolHandler(
      root,
      async () => new TextEncoder().encode('<!doctype html>'),
      contentSecurityPolicy,
    );
    const response = await handler({ url: 'app://companion/index.html' });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('text/html');
    expect(response.headers.get('content-security-policy')).toBe(contentSecurityPolicy);
    expect(contentSecurityPolicy).toContain("script-src 'self'");
    expect(contentSecurityPolicy).not.toMatch(/script-src[^;]*unsafe/);
  });

  it('answers 404 for a missing file or a refused path', async () => {
    const handler = createAppProtocolHandler(
      root,
      async () => {
        throw new Error('ENOENT');
      },
      contentSecurityPolicy,
    );
    expect((await handler({ url: 'app://companion/missing.js' })).status).toBe(404);
    expect((await handler({ url: 'app://companion/../x' })).status).toBe(404);
  });
});
