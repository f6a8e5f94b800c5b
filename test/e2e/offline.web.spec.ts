import { readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { expect, type Page } from '@playwright/test';
import { contentSecurityPolicyHeader } from '../../electron/main/csp';
import { enterDice, newRoster, setUpChainswordsVsTermagants } from './flows';
import { test, type ServedCopy } from './servedCopy';
import { pkg, watchConsole } from './support';

// The browser build as an installed, offline app (issue 15). Every test serves its own copy of
// out/web under a sub-path (/club/companion/), with the README's headers, on its own origin.
// Service workers are what this file checks (playwright.config.ts blocks them for the others).
test.use({ serviceWorkers: 'allow' });

/** Waits until the service worker is active and controls the page: from here the app opens offline. */
async function untilStoredForOffline(page: Page, served: ServedCopy) {
  const scope = await page.evaluate(async () => (await navigator.serviceWorker.ready).scope);
  expect(scope).toBe(served.url);
  await expect
    .poll(() => page.evaluate(() => navigator.serviceWorker.controller?.state ?? 'no controller'))
    .toBe('activated');
}

/** The network is gone: the server is stopped, and the browser is told it is offline. */
async function goOffline(page: Page, served: ServedCopy) {
  await served.stop();
  await page.context().setOffline(true);
}

/** Width and height from a PNG's header (the IHDR chunk). */
function pngSize(bytes: Buffer): string {
  expect(bytes.subarray(1, 4).toString('latin1')).toBe('PNG');
  return `${bytes.readUInt32BE(16)}x${bytes.readUInt32BE(20)}`;
}

/**
 * A second version is deployed into the served folder: a changed page (it carries
 * `<meta name="deployment" content="second">`), listed under a new revision by a changed service
 * worker. Then the page's browser checks for an update, and the new worker is installed, waiting.
 */
async function deploySecondVersion(page: Page, served: ServedCopy) {
  const indexHtml = join(served.dir, 'index.html');
  writeFileSync(
    indexHtml,
    readFileSync(indexHtml, 'utf8').replace('</head>', '<meta name="deployment" content="second"></head>'),
  );
  const sw = join(served.dir, 'sw.js');
  const swSource = readFileSync(sw, 'utf8');
  expect(swSource).toMatch(/\{url:"index\.html",revision:"\w+"\}/);
  writeFileSync(
    sw,
    swSource.replace(/\{url:"index\.html",revision:"\w+"\}/, '{url:"index.html",revision:"second-deployment"}'),
  );
  await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.update());
  await expect
    .poll(() =>
      page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.waiting?.state ?? 'nothing waiting'),
    )
    .toBe('installed');
}

/** A 10th edition combat started and its hit roll entered: the wizard waits for the wound roll. */
async function combatUnderWay(page: Page, served: ServedCopy) {
  await setUpChainswordsVsTermagants(page, { at: served.url });
  await page.getByTestId('dice-faces').fill('654321');
  await page.getByTestId('dice-faces').press('Enter');
  await expect(page.getByTestId('step').getByRole('heading', { level: 2 })).toHaveText(/wound roll/i);
}

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => relative(dir, join(entry.parentPath, entry.name)));
}

test.describe('the browser app, installed and offline', () => {
  test('the manifest is linked and valid: names, standalone display, theme colour, icons that load at their sizes', async ({
    page,
    served,
  }) => {
    const errors = watchConsole(page);
    await page.goto(served.url);
    await expect(page.getByRole('heading', { level: 1, name: 'Combat' })).toBeVisible();

    const href = await page.locator('link[rel="manifest"]').getAttribute('href');
    const manifestUrl = new URL(href ?? '', served.url).href;
    expect(manifestUrl).toBe(`${served.url}manifest.webmanifest`);
    const response = await page.request.get(manifestUrl);
    expect(response.ok()).toBe(true);
    const manifest = (await response.json()) as Record<string, unknown> & {
      icons: Array<{ src: string; sizes: string; type: string; purpose?: string }>;
    };
    expect(manifest['name']).toBe('Combat Companion');
    // A home-screen label: short enough not to be cut.
    expect(String(manifest['short_name']).length).toBeGreaterThan(0);
    expect(String(manifest['short_name']).length).toBeLessThanOrEqual(12);
    expect(manifest['display']).toBe('standalone');
    expect(manifest['theme_color']).toMatch(/^#[0-9a-f]{6}$/i);
    expect(await page.locator('meta[name="theme-color"]').getAttribute('content')).toBe(manifest['theme_color']);
    // Relative addresses: the installed app starts, and stays, in the folder it was served from.
    expect(new URL(String(manifest['start_url']), manifestUrl).href).toBe(served.url);
    expect(new URL(String(manifest['scope']), manifestUrl).href).toBe(served.url);

    const declared = manifest.icons.map((icon) => `${icon.sizes} ${icon.purpose ?? 'any'}`);
    expect(declared).toEqual(expect.arrayContaining(['192x192 any', '512x512 any', '512x512 maskable']));
    for (const icon of manifest.icons) {
      const file = await page.request.get(new URL(icon.src, manifestUrl).href);
      expect(file.ok(), icon.src).toBe(true);
      expect(file.headers()['content-type']).toBe(icon.type);
      expect(pngSize(await file.body()), icon.src).toBe(icon.sizes);
    }
    const appleIcon = await page.locator('link[rel="apple-touch-icon"]').getAttribute('href');
    expect(pngSize(await (await page.request.get(new URL(appleIcon ?? '', served.url).href)).body())).toBe('180x180');

    // Chromium's own reading of it: no parse errors, and nothing that stops it being installed.
    await untilStoredForOffline(page, served);
    const cdp = await page.context().newCDPSession(page);
    const { errors: manifestErrors } = await cdp.send('Page.getAppManifest');
    expect(manifestErrors).toEqual([]);
    const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
    // A Playwright context is an incognito profile, where Chromium installs nothing: any other reason is ours.
    expect(installabilityErrors.filter((e) => e.errorId !== 'in-incognito')).toEqual([]);
    expect(errors).toEqual([]);
  });

  test('the service worker becomes ready, scoped to the folder the app is served from, and stores every file of the build', async ({
    page,
    served,
  }) => {
    const errors = watchConsole(page);
    await page.goto(served.url);
    await untilStoredForOffline(page, served);
    await page.getByRole('link', { name: 'About' }).click();
    await expect(page.getByTestId('about-offline-state')).toHaveText('ready');

    // Everything the app can load (the worker host, each screen's script, styles, icons) is in the
    // cache; only the service worker's own files and the host's headers file are not.
    const cached = await page.evaluate(async () => {
      const urls: string[] = [];
      for (const name of await caches.keys())
        for (const request of await (await caches.open(name)).keys()) urls.push(request.url);
      return urls;
    });
    const stored = new Set(cached.map((url) => new URL(url).pathname.slice(new URL(served.url).pathname.length)));
    const built = filesUnder(served.dir).filter((file) => !/^(sw\.js|workbox-[\w-]+\.js|_headers)$/.test(file));
    expect(built.filter((file) => file.startsWith('assets/worker-'))).toHaveLength(1);
    expect(built.filter((file) => !stored.has(file))).toEqual([]);
    expect(errors).toEqual([]);
  });

  test('with the network off, a reload opens the app, About shows the version, and a roster made online is still listed', async ({
    page,
    served,
  }) => {
    const errors = watchConsole(page);
    await page.goto(served.url);
    await untilStoredForOffline(page, served);
    await newRoster(page, 'Club night Ultramarines', { at: served.url });

    await goOffline(page, served);
    expect(await page.evaluate(() => navigator.onLine)).toBe(false);
    // The roster's own page, a screen loaded on first use, opens from the stored copy too.
    await page.reload();
    await expect(page.getByTestId('roster-title')).toHaveText('Club night Ultramarines');
    await page.goto(`${served.url}#/about`);
    await expect(page.getByTestId('about-version')).toHaveText(pkg.version);
    await expect(page.getByTestId('about-offline-state')).toHaveText('ready');
    await page.getByRole('navigation').getByRole('link', { name: 'Rosters' }).click();
    await expect(page.getByTestId('roster-card')).toHaveCount(1);
    await expect(page.getByTestId('roster-card')).toContainText('Club night Ultramarines');
    await page.getByTestId('roster-card').click();
    await expect(page.getByTestId('roster-title')).toHaveText('Club night Ultramarines');
    expect(errors).toEqual([]);
  });

  test('with the network off, a whole combat is played, stored, and its printable summary opens', async ({
    page,
    served,
  }) => {
    test.slow(); // the app stored, then a whole combat and its history: longer than one screen's test
    const errors = watchConsole(page);
    await page.goto(served.url);
    await untilStoredForOffline(page, served);
    await goOffline(page, served);
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'Combat' })).toBeVisible();

    // The same dice as the 40k wizard's own test, so the same result (wh40k10e.web.spec.ts).
    await setUpChainswordsVsTermagants(page, { at: served.url });
    await page.getByTestId('dice-faces').fill('654321');
    await page.getByTestId('dice-faces').press('Enter');
    await enterDice(page, '6 2 3', /wound roll/i);
    await enterDice(page, '6 2 1', /saving throws/i);
    await expect(page.getByTestId('outcome-lines')).toContainText('Termagants: 2 models destroyed of 10');

    await page.getByRole('navigation').getByRole('link', { name: 'History' }).click();
    const item = page.getByTestId('history-item').filter({ hasText: 'Assault Intercessors vs Termagants' });
    await expect(item).toContainText('Finished');
    await item.getByTestId('history-open').click();
    await expect(page.getByTestId('replay-outcome-lines')).toContainText('2 models destroyed of 10');
    await page.getByTestId('print-combat').click();
    await expect(page.getByTestId('combat-sheet')).toContainText('Termagants: 2 models destroyed of 10');
    expect(errors).toEqual([]);
  });

  test('the Wi-Fi drops mid-session, no reload: a combat is played, a roster stored, History and About show their content', async ({
    page,
    served,
  }) => {
    test.slow(); // the app stored, then a combat, a roster and two screens, all with the network gone
    // Issue 25: the query library paused every query while the browser was offline, so the
    // screens stayed blank until the network came back, though the host is on the device.
    const errors = watchConsole(page);
    await page.goto(served.url);
    await untilStoredForOffline(page, served);
    await expect(page.getByRole('heading', { level: 1, name: 'Combat' })).toBeVisible();
    await goOffline(page, served);
    expect(await page.evaluate(() => navigator.onLine)).toBe(false);

    // A new combat's setup screen fills in, and the combat is played to its end.
    await setUpChainswordsVsTermagants(page, { at: served.url });
    await page.getByTestId('dice-faces').fill('654321');
    await page.getByTestId('dice-faces').press('Enter');
    await enterDice(page, '6 2 3', /wound roll/i);
    await enterDice(page, '6 2 1', /saving throws/i);
    await expect(page.getByTestId('outcome-lines')).toContainText('Termagants: 2 models destroyed of 10');

    // A roster is stored and listed.
    await newRoster(page, 'Offline Ultramarines', { at: served.url });
    await page.getByRole('navigation').getByRole('link', { name: 'Rosters' }).click();
    await expect(page.getByTestId('roster-card').filter({ hasText: 'Offline Ultramarines' })).toHaveCount(1);

    // History lists the combat just played; About shows the version and the store's state.
    await page.getByRole('navigation').getByRole('link', { name: 'History' }).click();
    await expect(
      page.getByTestId('history-item').filter({ hasText: 'Assault Intercessors vs Termagants' }),
    ).toContainText('Finished');
    await page.getByRole('navigation').getByRole('link', { name: 'About' }).click();
    await expect(page.getByTestId('about-version')).toHaveText(pkg.version);
    await expect(page.getByTestId('about-offline-state')).toHaveText('ready');
    expect(await page.evaluate(() => navigator.onLine)).toBe(false);
    expect(errors).toEqual([]);
  });

  test('a new version is offered, not forced: never during a combat, kept waiting by "Later" and a plain reload, taken on "Reload now"', async ({
    page,
    served,
  }) => {
    test.slow(); // two versions stored one after the other, around a combat
    const errors = watchConsole(page);
    await page.goto(served.url);
    await untilStoredForOffline(page, served);
    await combatUnderWay(page, served);
    const combatUrl = page.url();
    await page.evaluate(() => Object.assign(window, { sameDocument: true }));

    await deploySecondVersion(page, served);

    // In the combat: nothing offered, nothing swapped; the combat goes on where it was.
    await expect(page.getByTestId('step').getByRole('heading', { level: 2 })).toHaveText(/wound roll/i);
    await expect(page.getByTestId('update-notice')).toHaveCount(0);
    // Out of it: offered. The page is still the one it was (no reload) and the old version.
    await page.getByRole('navigation').getByRole('link', { name: 'History' }).click();
    await expect(page.getByTestId('update-notice')).toBeVisible();
    await expect(page.getByTestId('update-notice')).toContainText('A new version is ready');
    await page.getByRole('navigation').getByRole('link', { name: 'About' }).click();
    await expect(page.getByTestId('about-offline-state')).toHaveText('update ready');
    expect(await page.evaluate(() => 'sameDocument' in window)).toBe(true);
    expect(await page.locator('meta[name="deployment"]').count()).toBe(0);

    // "Later" hides it; a reload by itself keeps the running version and offers the new one again.
    await page.getByTestId('update-notice').getByRole('button', { name: 'Later' }).click();
    await expect(page.getByTestId('update-notice')).toHaveCount(0);
    await page.reload();
    await expect(page.getByTestId('update-notice')).toBeVisible();
    expect(await page.locator('meta[name="deployment"]').count()).toBe(0);
    // Back in the combat, which was kept: not offered there either.
    await page.goto(combatUrl);
    await expect(page.getByTestId('step').getByRole('heading', { level: 2 })).toHaveText(/wound roll/i);
    await expect(page.getByTestId('update-notice')).toHaveCount(0);

    // Asked for: the page reloads into the second version, which now controls it.
    await page.getByRole('navigation').getByRole('link', { name: 'Combat' }).click();
    await page.getByTestId('update-reload').click();
    await expect(page.locator('meta[name="deployment"]')).toHaveAttribute('content', 'second');
    await expect(page.getByTestId('update-notice')).toHaveCount(0);
    expect(
      await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.waiting ?? null),
    ).toBeNull();
    expect(errors).toEqual([]);
  });

  test('an update taken in one tab never reloads another tab in a combat: that combat goes on, and the reload is offered once it is left', async ({
    page,
    served,
  }) => {
    test.slow(); // two tabs, two versions, a combat
    const errors = watchConsole(page);
    await page.goto(served.url);
    await untilStoredForOffline(page, served);
    const table = await page.context().newPage();
    const tableErrors = watchConsole(table);
    await combatUnderWay(table, served);
    await table.evaluate(() => Object.assign(window, { sameDocument: true }));

    await deploySecondVersion(page, served);
    await page.getByTestId('update-reload').click();
    await expect(page.locator('meta[name="deployment"]')).toHaveAttribute('content', 'second');

    // The other tab now runs the previous version under the new worker: untouched, and its combat goes on.
    await enterDice(table, '6 2 3', /wound roll/i);
    await expect(table.getByTestId('step').getByRole('heading', { level: 2 })).toHaveText(/saving throws/i);
    expect(await table.evaluate(() => 'sameDocument' in window)).toBe(true);
    await expect(table.getByTestId('update-notice')).toHaveCount(0);
    await table.getByRole('navigation').getByRole('link', { name: 'History' }).click();
    await expect(table.getByTestId('update-notice')).toBeVisible();
    await table.getByTestId('update-reload').click();
    await expect(table.locator('meta[name="deployment"]')).toHaveAttribute('content', 'second');
    expect([...errors, ...tableErrors]).toEqual([]);
  });

  test.describe('served without a service worker', () => {
    test.use({ serviceWorkers: 'block' });

    test('a screen whose code was replaced on the server by a new version says so and offers a reload', async ({
      page,
      served,
    }) => {
      await page.goto(served.url);
      await expect(page.getByRole('heading', { level: 1, name: 'Combat' })).toBeVisible();
      // A new deployment while the page is open: the History screen's script of this version is gone.
      const historyScript = filesUnder(served.dir).find((file) => /^assets\/HistoryPage-[\w-]+\.js$/.test(file));
      expect(historyScript).toBeDefined();
      rmSync(join(served.dir, historyScript!));
      await page.getByRole('navigation').getByRole('link', { name: 'History' }).click();
      await expect(page.getByTestId('stale-code')).toContainText('Reload to open it');
      await expect(page.getByRole('button', { name: 'Reload' })).toBeVisible();
      await page.getByRole('link', { name: 'Back to Combat' }).click();
      await expect(page.getByRole('heading', { level: 1, name: 'Combat' })).toBeVisible();
    });
  });

  test('when the browser cannot store every file, About says so, and the app still works online', async ({
    page,
    served,
  }) => {
    // A host that lost a file: the service worker's install fails on it.
    rmSync(join(served.dir, 'pwa-512x512.png'));
    await page.goto(`${served.url}#/about`);
    await expect(page.getByTestId('about-offline-state')).toHaveText('failed');
    await expect(
      page.getByText('The app could not be stored for offline use; it works while the network is on.'),
    ).toBeVisible();
    await page.getByRole('navigation').getByRole('link', { name: 'Rosters' }).click();
    await expect(page.getByText('No rosters are stored yet.')).toBeVisible();
  });

  test('the build carries the headers file a web host should send, with the one policy plus frame-ancestors', async ({
    served,
  }) => {
    const headers = readFileSync(join(served.dir, '_headers'), 'utf8');
    expect(headers).toContain(`Content-Security-Policy: ${contentSecurityPolicyHeader}`);
    expect(contentSecurityPolicyHeader).toContain("frame-ancestors 'none'");
    // docs/web-server.md gives the same value for servers that do not read _headers.
    expect(
      readFileSync('docs/web-server.md', 'utf8').includes(contentSecurityPolicyHeader),
      'docs/web-server.md gives the header value',
    ).toBe(true);
  });
});
