import { expect, test } from '@playwright/test';
import { enterDice, setUpChainswordsVsTermagants } from './flows';
import { openPrint, printA4 } from './printing';
import { watchConsole } from './support';

/**
 * The printed sheet at the table (issue 18): a one-round combat fits on two A4 pages, and a ranks
 * game prints its rank diagrams as the units stand at the end. Pages are rendered to PNG
 * (PRINT_PNG_DIR, default a temp folder) so a person can look at them.
 */

test("an old-world charge over in one round prints on two A4 pages, with both units' rank diagrams", async ({
  page,
}) => {
  const errors = watchConsole(page);
  await page.goto('/#/combat/new/old-world');
  await page.getByTestId('field-setup.attacker.name').fill('Empire');
  await page.getByTestId('field-setup.attacker.units[0].name').fill('Halberdiers');
  await page.getByTestId('field-setup.defender.name').fill('Orcs');
  await page.getByTestId('field-setup.defender.units[0].name').fill('Orc Boyz');
  await page.getByTestId('seed').fill('7');
  await page.getByTestId('start-combat').click();
  await expect(page).toHaveURL(/#\/combat\/play\//);
  // Seeded "Roll for me" and the suggested choices: the Orc Boyz break in round 1 and are pursued.
  const step = page.getByTestId('step');
  for (let i = 0; i < 40 && !(await page.getByRole('link', { name: 'New combat' }).isVisible()); i++) {
    const id = await step.getAttribute('data-step-id');
    const kind = await step.getAttribute('data-step-kind');
    if (kind === 'roll') await page.getByTestId('roll-for-me').click();
    else if (kind === 'choose') await page.keyboard.press('Enter');
    else if (await page.getByTestId('continue').isVisible()) await page.getByTestId('continue').click();
    else break;
    await expect(step).not.toHaveAttribute('data-step-id', id ?? '');
  }
  await expect(page.getByText(/· finished/)).toBeVisible();
  await expect(page.getByTestId('combat-log')).not.toContainText('Round 2');

  await openPrint(page);
  // Each side's box draws its unit as it stands at the end.
  const ranks = page.getByTestId('combat-sheet');
  await expect(ranks.getByTestId('rank-diagram')).toHaveCount(2);
  await expect(page.getByTestId('sheet-attacker').getByTestId('rank-diagram')).toHaveAttribute(
    'data-unit',
    'Halberdiers',
  );
  await expect(page.getByTestId('sheet-defender').getByTestId('rank-diagram')).toHaveAttribute('data-unit', 'Orc Boyz');
  await expect(ranks.locator('[data-testid="rank-diagram"][data-unit="Halberdiers"]')).toBeVisible();
  await expect(ranks.locator('[data-testid="rank-diagram"][data-unit="Orc Boyz"]')).toBeVisible();
  await expect(ranks.locator('[data-state="dead"]').first()).toBeAttached();
  const { text, pages } = await printA4(page, 'old-world-one-round');
  expect(text).toContain('At the end:');
  expect(text).toMatch(/of 20 models · \d ranks 5 wide/);
  expect(pages).toBeLessThanOrEqual(2);
  expect(errors).toEqual([]);
});

test('a one-round 10th edition fight prints on one or two A4 pages, without rank diagrams', async ({ page }) => {
  await setUpChainswordsVsTermagants(page);
  await enterDice(page, '654321', /hit/i);
  await enterDice(page, '6 2 3', /wound roll/i);
  await enterDice(page, '6 2 1', /saving throws/i);
  await expect(page.getByTestId('outcome-lines')).toContainText('Termagants: 2 models destroyed of 10');
  await openPrint(page);
  await expect(page.getByTestId('sheet-steps')).toBeVisible();
  await expect(page.getByTestId('sheet-ranks')).toHaveCount(0);
  const { pages, text } = await printA4(page, '10e-one-round');
  expect(pages).toBeLessThanOrEqual(2);
  // Every die was typed in: no seed to print (it only replays the app's own rolls).
  expect(text).not.toMatch(/\bseed\b/i);
});
