import { test, expect } from '@playwright/test';
for (const [w, h] of [[1280, 800], [820, 1180]] as const) {
  test(`shots ${w}`, async ({ page }) => {
    await page.setViewportSize({ width: w, height: h });
    await page.goto('/#/combat/new/wh40k-7e');
    await expect(page.getByTestId('start-combat')).toBeVisible({ timeout: 15000 });
    await page.screenshot({ path: `/tmp/shots7e/setup-${w}.png`, fullPage: true });
    await page.getByTestId('start-combat').click();
    await expect(page).toHaveURL(/#\/combat\/play\//);
    await page.waitForTimeout(1000);
    await page.screenshot({ path: `/tmp/shots7e/step1-${w}.png`, fullPage: true });
  });
}
