import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { watchConsole } from './support';

/**
 * The odds of the whole combat in the wizard (issue 24): beside "this round", the whole combat's
 * odds arrive after the round's, are marked as an estimate when the exact chain is over budget, and
 * every chart reads "at least k" on hover or tap and in its screen-reader table.
 */

test.describe('the whole combat in the odds panel', () => {
  test('an old-world charge: this round, then the whole combat; "at least" on tap', async ({ page }) => {
    const errors = watchConsole(page);
    await page.goto('/#/combat');
    await page.getByTestId('start-old-world').click();
    // The prefilled charge: 20 Halberdiers charging 20 Orc Boyz; only the names to give.
    await page.getByTestId('field-setup.attacker.name').fill('Empire');
    await page.getByTestId('field-setup.attacker.units[0].name').fill('Halberdiers');
    await page.getByTestId('field-setup.defender.name').fill('Orcs');
    await page.getByTestId('field-setup.defender.units[0].name').fill('Orc Boyz');
    await page.getByTestId('start-combat').click();
    await expect(page).toHaveURL(/#\/combat\/play\//);

    const round = page.getByTestId('odds-panel');
    await expect(round).toContainText('This round');
    // The quick first figure, shown while the full one is worked out: said in words, and as readable
    // as the full one (a greyed panel had too little contrast for the table).
    await expect(page.getByTestId('whole-combat-updating')).toBeVisible({ timeout: 20_000 });
    const updating = await new AxeBuilder({ page })
      .include('[data-testid="whole-combat-odds"]')
      .withTags(['wcag2aa'])
      .analyze();
    expect(updating.violations.map((v) => v.id)).toEqual([]);
    const whole = page.getByTestId('whole-combat-odds');
    await expect(whole).toHaveAttribute('aria-busy', 'false', { timeout: 30_000 });
    await expect(whole.getByRole('heading', { level: 3 })).toHaveText(/The whole combat/);
    await expect(whole.getByTestId('whole-combat-table')).toContainText('Empire win the combat');
    await expect(whole.getByTestId('whole-combat-table')).toContainText('Most likely to end in');
    // The full-size example is over the exact budget: its figures are marked as estimates — its
    // first rounds counted exactly and the rest played out, so they read to a tenth of a percent.
    await expect(whole.getByTestId('whole-combat-estimate')).toContainText(
      /Rounds 1 to \d+ are counted exactly; what follows is estimated, ±\s\d+(\.\d)?%\./,
    );
    await expect(whole.getByTestId('whole-combat-table')).toContainText(/≈\s\d+\.\d%/);
    // One error per column, in its head: the narrow column keeps each figure on one line.
    await expect(whole.getByTestId('whole-combat-column-error').first()).toHaveText(/^±\s0\.\d% each$/);

    // "At least" on tap, and in the screen-reader table.
    const chart = round.getByTestId('distribution-chart');
    await chart.getByTestId('chart-bar').nth(3).click();
    await expect(round.getByTestId('chart-at-least')).toContainText(/At least -?\d+: \d+\.\d% before any dice/);
    await expect(
      round.getByTestId('distribution-table').locator('th', { hasText: 'At least this, before any dice' }),
    ).toHaveCount(1);

    for (const [width, height] of [
      [1280, 800],
      [820, 1180],
    ] as const) {
      await page.setViewportSize({ width, height });
      await page.screenshot({ path: `test-results/whole-combat-${width}x${height}.png`, fullPage: true });
    }
    expect(errors).toEqual([]);
  });

  test('an Epic allocation: each option shows the chooser’s chance to win the whole combat', async ({ page }) => {
    const errors = watchConsole(page);
    await page.goto('/#/combat/new/epic-armageddon');
    await page.getByTestId('seed').fill('5');
    await page.getByTestId('start-combat').click();
    await expect(page).toHaveURL(/#\/combat\/play\//);
    // "Roll for me" (the seeded dice) and Continue, to the first choice of where hits go.
    const step = page.getByTestId('step');
    for (let guard = 0; guard < 20; guard++) {
      await expect(step).toHaveAttribute('data-step-kind', /roll|choose|outcome/);
      const kind = await step.getAttribute('data-step-kind');
      if (kind === 'choose' && /allocate/.test((await step.getByRole('heading', { level: 2 }).textContent()) ?? ''))
        break;
      const id0 = await step.getAttribute('data-step-id');
      await (kind === 'roll' ? page.getByTestId('roll-for-me') : page.getByTestId('continue')).click();
      await expect(step).not.toHaveAttribute('data-step-id', id0 ?? '');
    }
    await expect(step).toHaveAttribute('data-step-kind', 'choose');
    // The round's figure first, then the whole combat's beside it once worked out (a few seconds: one estimate per option).
    const figures = step.locator('[data-testid^="option-figure-"]');
    await expect(figures.first()).toContainText(/Whole combat: Orks win ≈\s\d+%\s±\s\d+%/, { timeout: 60_000 });
    for (const text of await figures.allTextContents())
      expect(text).toMatch(/win the assault: \d+\.\d% · Whole combat: Orks win ≈\s\d+%\s±\s\d+%$/);
    for (const [width, height] of [
      [1280, 800],
      [820, 1180],
    ] as const) {
      await page.setViewportSize({ width, height });
      await page.screenshot({ path: `test-results/whole-combat-choice-${width}x${height}.png` });
    }
    expect(errors).toEqual([]);
  });
});
