import { expect as baseExpect, test, type Page } from '@playwright/test';
import { setupField } from './flows';
import { watchConsole } from './support';

/**
 * Issue 35: the roster picker lists every unit by its whole name, with its models and points, two
 * units of one name told apart; a tap on a bar of the odds chart says its "at least" figure, as
 * hovering, clicking and the arrow keys do.
 */

// The host works in its worker: on a busy machine a step or an import takes seconds, not milliseconds.
const expect = baseExpect.configure({ timeout: 20_000 });

const laptop = { width: 1280, height: 800 };
const tablet = { width: 820, height: 1180 };

/** A real roster with two Assault Intercessor Squads (PrettyScribe's fixture, test/fixtures/README.md). */
const ULTRAMARINES = 'test/fixtures/battlescribe/ultramarines-10e.rosz';

async function importRoster(page: Page, path: string) {
  await page.goto('/#/rosters');
  const choosing = page.waitForEvent('filechooser');
  await page.getByTestId('import-rosters').click();
  await (await choosing).setFiles(path);
  await page.getByTestId('import-confirm').click();
  await expect(page.getByTestId('import-done')).toBeVisible({ timeout: 20_000 });
}

for (const size of [laptop, tablet]) {
  test(`the roster picker shows whole names, models and points, and numbers namesakes (${size.width}×${size.height})`, async ({
    page,
  }) => {
    const errors = watchConsole(page);
    await page.setViewportSize(size);
    await importRoster(page, ULTRAMARINES);
    await page.goto('/#/combat/new/wh40k-10e');
    await page.getByTestId('roster-setup.attacker').click();
    const dialog = page.getByRole('dialog');
    const first = dialog.getByTestId('pick-Assault Intercessor Squad');
    const second = dialog.getByTestId('pick-Assault Intercessor Squad #2');
    await expect(first.getByTestId('pick-name')).toHaveText('Assault Intercessor Squad #1');
    await expect(second.getByTestId('pick-name')).toHaveText('Assault Intercessor Squad #2');
    await expect(first.getByTestId('pick-detail')).toHaveText('5 models · 80 pts');
    // Every name is whole: no unit's name is cut at its button's edge.
    const names = dialog.getByTestId('pick-name');
    const count = await names.count();
    expect(count).toBeGreaterThan(2);
    for (let i = 0; i < count; i++) {
      const name = names.nth(i);
      const whole = await name.evaluate(
        (el) =>
          el.scrollWidth <= el.clientWidth + 1 &&
          el.getBoundingClientRect().right <= el.closest('button')!.getBoundingClientRect().right + 1,
      );
      expect(whole, `${await name.textContent()} is read whole`).toBe(true);
    }
    await page.screenshot({ path: `reports/shots/picker-${size.width}.png` });
    await second.click();
    await expect(setupField(page, 'attacker.name')).toHaveValue('Assault Intercessor Squad');
    expect(errors).toEqual([]);
  });
}

test.describe('on a touch screen', () => {
  test.use({ viewport: tablet, hasTouch: true, isMobile: true });

  test('a tap on a bar of the odds chart says its "at least" figure', async ({ page }) => {
    await page.goto('/#/combat');
    await page.getByTestId('start-wh40k-10e').tap();
    await page.getByTestId('start-combat').tap();
    await expect(page).toHaveURL(/#\/combat\/play\//);
    const chart = page.getByTestId('distribution-chart').first();
    await expect(chart).toBeVisible();
    const said = page.getByTestId('chart-at-least').first();
    await expect(said).toContainText('tap a bar');
    await chart.getByTestId('chart-bar').nth(2).tap();
    await expect(said).toHaveText(/^At least 2: \d+\.\d% before any dice/);
    await chart.getByTestId('chart-bar').nth(1).tap();
    await expect(said).toHaveText(/^At least 1: /);
    // A finger that moves a little as it lifts makes no click: the touch alone picks the bar, and
    // the finger leaving the chart as it lifts does not take the figure away.
    const bar = chart.getByTestId('chart-bar').nth(3);
    const touch = { pointerType: 'touch', isPrimary: true, pointerId: 7, bubbles: true };
    await bar.dispatchEvent('pointerdown', touch);
    await bar.dispatchEvent('pointerup', touch);
    // Leaving out of the page: what a lifted finger does (React reads leaving from pointerout).
    await bar.dispatchEvent('pointerout', touch);
    await expect(said).toHaveText(/^At least 3: /);
    await page.screenshot({ path: 'reports/shots/chart-tap-tablet.png' });
    // A mouse leaving the chart lets go, as before.
    await bar.dispatchEvent('pointerout', { pointerType: 'mouse', isPrimary: true, pointerId: 1, bubbles: true });
    await expect(said).toContainText('tap a bar');
  });
});
