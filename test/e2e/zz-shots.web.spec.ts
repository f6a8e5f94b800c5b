import { test } from '@playwright/test';

const only = process.env['SHOTS'] ?? '';
for (const [w, h] of [[1280, 800], [820, 1180]] as const) {
  test(`shots ${w}`, async ({ page }) => {
    await page.setViewportSize({ width: w, height: h });
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
    for (const system of ['wh40k-10e', 'old-world']) {
      if (only && !system.includes(only)) continue;
      await page.goto(`/#/combat/new/${system}`);
      await page.getByTestId('start-combat').waitFor();
      const height = await page.evaluate(() => document.documentElement.scrollHeight);
      const sideways = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      console.log(system, w, 'height', height, 'sideways', sideways);
      for (let y = 0, i = 0; y < height; y += h, i++) await page.screenshot({ path: `/tmp/shots/${system}-${w}-${i}.png`, fullPage: true, clip: { x: 0, y, width: w, height: Math.min(h, height - y) } });
    }
    console.log(errors.join('\n'));
  });
}
