import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { _electron as electron, expect, test } from '@playwright/test';
import { pkg } from './support';

/**
 * The desktop smoke test needs Electron's own binary, which `npm ci` does not download where
 * ELECTRON_SKIP_BINARY_DOWNLOAD is set or the network is closed. It runs wherever the binary
 * exists and says plainly why it skipped otherwise.
 */
function findElectron(): { path: string } | { reason: string } {
  let path: string;
  try {
    path = createRequire(import.meta.url)('electron') as string;
  } catch (error) {
    return {
      reason: `the Electron binary is not installed (${error instanceof Error ? error.message.split('\n')[0] : String(error)})`,
    };
  }
  if (!existsSync(path)) return { reason: `the Electron binary is missing at ${path}` };
  if (process.platform === 'linux' && !process.env['DISPLAY'] && !process.env['WAYLAND_DISPLAY']) {
    return { reason: 'there is no display (run under xvfb-run)' };
  }
  if (!existsSync('out/main/index.js')) return { reason: 'the desktop build is missing: run `npm run build` first' };
  return { path };
}

const electronBinary = findElectron();
if ('reason' in electronBinary) console.log(`desktop smoke test skipped: ${electronBinary.reason}`);

test('the desktop window opens and About shows the version from the main process', async () => {
  test.skip('reason' in electronBinary, 'reason' in electronBinary ? electronBinary.reason : '');
  const args = process.getuid?.() === 0 ? ['--no-sandbox', '.'] : ['.'];
  const app = await electron.launch({ args, env: { ...process.env, ELECTRON_ENABLE_LOGGING: '1' } });
  try {
    const window = await app.firstWindow();
    await expect(window.getByRole('heading', { level: 1, name: 'Combat' })).toBeVisible();
    expect(await window.evaluate(() => typeof (window as unknown as { companion?: object }).companion)).toBe('object');
    await window.getByRole('link', { name: 'About' }).click();
    await expect(window.getByTestId('about-version')).toHaveText(pkg.version);
    await expect(window.getByTestId('about-host')).toHaveText('Desktop app');
    expect(await window.evaluate(() => typeof (globalThis as { require?: unknown }).require)).toBe('undefined');
  } finally {
    await app.close();
  }
});
