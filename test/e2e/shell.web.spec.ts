import { expect, test } from '@playwright/test';
import { pkg, watchConsole } from './support';

test.describe('the browser app', () => {
  test('loads, with its host in a Web Worker, and About shows the version app.info returned', async ({ page }) => {
    const errors = watchConsole(page);
    await page.goto('/');
    await expect(page).toHaveURL(/#\/combat$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Combat' })).toBeVisible();

    // No preload here: the page must have started the worker host.
    expect(await page.evaluate(() => 'companion' in window)).toBe(false);
    // The host's worker, and the odds' own worker it starts (steps never wait behind odds).
    await expect.poll(() => page.workers().length).toBeGreaterThanOrEqual(1);

    await page.getByRole('link', { name: 'About' }).click();
    await expect(page).toHaveURL(/#\/about$/);
    await expect(page.getByTestId('about-version')).toHaveText(pkg.version);
    await expect(page.getByTestId('about-name')).toHaveText('Combat Companion');
    await expect(page.getByTestId('about-host')).toContainText('Browser');
    await expect(page.getByTestId('about-store-state')).toBeVisible();
    expect(errors).toEqual([]);
  });

  test('navigates between every section, by link and by address', async ({ page }) => {
    const errors = watchConsole(page);
    await page.goto('/');
    for (const name of ['Rosters', 'Combat', 'History', 'Settings', 'About']) {
      await page.getByRole('navigation').getByRole('link', { name }).click();
      await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
      await expect(page).toHaveURL(new RegExp(`#/${name.toLowerCase()}$`));
      await expect(page.getByRole('navigation').getByRole('link', { name })).toHaveAttribute('data-active', 'true');
    }
    await page.goto('/#/history');
    await expect(page.getByRole('heading', { level: 1, name: 'History' })).toBeVisible();
    await page.goBack();
    await expect(page.getByRole('heading', { level: 1, name: 'About' })).toBeVisible();
    expect(errors).toEqual([]);
  });

  test('an unknown address says so and offers a way back', async ({ page }) => {
    await page.goto('/#/no-such-section');
    await expect(page.getByText('There is no such page')).toBeVisible();
    await page.getByRole('link', { name: 'Back to Combat' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Combat' })).toBeVisible();
  });

  test('a combat, roster or stored combat that does not exist says so and offers a way back', async ({ page }) => {
    for (const [address, title, back] of [
      ['/#/combat/play/no-such-combat', 'This combat cannot be shown', 'Start a new combat'],
      ['/#/rosters/no-such-roster', 'This roster cannot be shown', 'Back to the rosters'],
      ['/#/history/no-such-combat', 'This combat cannot be shown', 'Back to the history'],
    ] as const) {
      await page.goto(address);
      await expect(page.getByText(title)).toBeVisible();
      await expect(page.getByRole('link', { name: back })).toBeVisible();
    }
  });

  test('empty sections say what will be there and show no made-up data', async ({ page }) => {
    await page.goto('/#/rosters');
    await expect(page.getByText('No rosters are stored yet.')).toBeVisible();
    await page.goto('/#/history');
    await expect(page.getByText('No combats are stored yet.')).toBeVisible();
  });

  test('the built page carries the Content-Security-Policy', async ({ page }) => {
    await page.goto('/');
    const csp = await page.locator('meta[http-equiv="Content-Security-Policy"]').getAttribute('content');
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("object-src 'none'");
  });
});
