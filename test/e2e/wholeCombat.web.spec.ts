import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { watchConsole } from './support';

/**
 * The odds of the whole combat in the wizard (issue 24): beside "this round", the whole combat's
 * odds arrive after the round's, are marked as an estimate when the exact chain is over budget, and
 * every chart reads "at least k" on hover or tap and in its screen-reader table.
 */

test.describe('the whole combat in the odds panel', () => {
  test('the fight as set up, above Start: it follows an edit, and the first step opens on the same figure', async ({
    page,
  }) => {
    const errors = watchConsole(page);
    await page.goto('/#/combat/new/ninth-age');
    const fight = page.getByTestId('setup-fight');
    // The example, counted exactly before Start (issue 34: "will my unit win this fight?").
    await expect(fight).toHaveAttribute('data-exact', 'true', { timeout: 30_000 });
    await expect(fight).toContainText(/Kingdom of Equitaine win the fight \d+\.\d% · Empire of Sonnstahl \d+\.\d%/);
    // A new name for a side: the line follows once the edit rests.
    await page.getByTestId('field-setup.attacker.name').fill('Bretonnian knights');
    await expect(fight).toContainText(/^The fight as set up\s*Bretonnian knights win the fight \d+\.\d%/, {
      timeout: 30_000,
    });
    const line = (await fight.innerText()).replace(/^The fight as set up\s*/, '');
    for (const [width, height] of [
      [1280, 800],
      [820, 1180],
    ] as const) {
      await page.setViewportSize({ width, height });
      // The line is in sight with Start, where the player taps.
      await page.getByTestId('start-combat').scrollIntoViewIfNeeded();
      await expect(fight).toBeInViewport();
    }
    await page.getByTestId('start-combat').click();
    const headline = page.getByTestId('fight-headline');
    await expect(headline).toHaveAttribute('data-exact', 'true', { timeout: 30_000 });
    await expect(headline).toHaveText(line);
    expect(errors).toEqual([]);
  });

  test('a game of one round (40k 10th edition) reads its odds before any dice above Start', async ({ page }) => {
    const errors = watchConsole(page);
    await page.goto('/#/combat/new/wh40k-10e');
    const fight = page.getByTestId('setup-fight');
    await expect(fight).toContainText(/Before any dice: .+: \d+(\.\d+)?(%| expected)/, { timeout: 30_000 });
    await page.getByTestId('start-combat').scrollIntoViewIfNeeded();
    await expect(fight).toBeInViewport();
    expect(errors).toEqual([]);
  });

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
    // Whether the quick first figure shows at all depends on how fast the exact one comes; the
    // panel, updating or not, keeps the figures readable (a greyed panel had too little contrast).
    await expect(page.getByTestId('whole-combat-odds')).toBeVisible({ timeout: 30_000 });
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
    // The prefilled charge is counted exactly (issue 34): no estimate, and the fight's headline at the top of the step says the same.
    await expect(whole.getByTestId('whole-combat-estimate')).toHaveCount(0);
    await expect(whole.getByTestId('whole-combat-table')).toContainText(/\d+\.\d%/);
    const headline = page.getByTestId('fight-headline');
    await expect(headline).toHaveAttribute('data-exact', 'true', { timeout: 30_000 });
    await expect(headline).toHaveText(
      /^Empire win the fight \d+\.\d% · Orcs \d+\.\d%.* · most likely over in round \d+$/,
    );
    await expect(headline).toBeInViewport();

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
    // Each option: the chooser's chance to win the fight, once worked out.
    const fights = step.locator('[data-testid^="option-fight-"]');
    await expect(fights.first()).toContainText(/^(≈\s)?\d+(\.\d)?%.* to win the fight$/, { timeout: 60_000 });
    // The fight's figure replaces the round's beside every option (the round's stays at the top of the step).
    await expect(step.locator('[data-testid^="option-figure-"]')).toHaveCount(0);
    await expect(page.getByTestId('odds-headline-figure')).toContainText(/^This round: /);
    // The suggestion follows the fight: the suggested option has the best chance of the fight among them.
    const values = (await fights.allTextContents()).map((t) => Number(/(\d+(?:\.\d)?)%/.exec(t)![1]));
    const suggested = await step
      .locator('[data-testid^="option-"][data-suggested="true"] [data-testid^="option-fight-"]')
      .textContent();
    expect(Number(/(\d+(?:\.\d)?)%/.exec(suggested ?? '')![1])).toBe(Math.max(...values));
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
