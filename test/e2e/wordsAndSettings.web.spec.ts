import { expect, test, type Page } from '@playwright/test';
import { enterDice, setUpChainswordsVsTermagants } from './flows';
import { watchConsole } from './support';

/**
 * Issue 35, words a player uses and settings a player keeps: who acts, in words that need no verb
 * to agree with a side's name; no word of the app's inner workings on About; the 10th edition
 * setup showing only what its mode uses; Settings kept on this device and used by every print.
 */

/** Words of the app's inner workings that no screen says. */
const innerWords = /\bhost\b|Web Worker|play-outs|standard error/i;

test('who acts is said without a verb to agree with the side’s name', async ({ page }) => {
  const errors = watchConsole(page);
  await setUpChainswordsVsTermagants(page, { attacker: 'Orcs' });
  await expect(page.getByTestId('who-acts')).toHaveText(/Orcs: your roll/);
  await expect(page.getByTestId('who-acts')).not.toContainText('Orcs rolls');
  expect(errors).toEqual([]);
});

test('About says where the app runs in a player’s words, not its inner workings', async ({ page }) => {
  await page.goto('/#/about');
  await expect(page.getByTestId('about-host')).toHaveText('Browser (in this tab; works offline once loaded)');
  await expect(page.getByRole('main')).not.toContainText(innerWords);
});

test('10th edition: Fighting hides "Remained stationary" and "Within half range", Shooting shows them', async ({
  page,
}) => {
  await page.goto('/#/combat/new/wh40k-10e');
  // The form comes from the app's engine: on a busy machine, a few seconds.
  await expect(page.getByLabel('Charged this turn')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByLabel('Remained stationary')).toBeVisible();
  await expect(page.getByLabel('Within half range')).toBeVisible();
  await page.getByLabel('Within half range').check();
  await page.getByText('Fighting (WS)').click();
  await expect(page.getByLabel('Remained stationary')).toHaveCount(0);
  await expect(page.getByLabel('Within half range')).toHaveCount(0);
  await expect(page.getByLabel('Charged this turn')).toBeVisible();
  // Back to shooting: the field is there again, cleared, so nothing set out of sight counted.
  await page.getByText('Shooting (BS)').click();
  await expect(page.getByLabel('Within half range')).not.toBeChecked();
});

/** A one-round 10th edition fight stored in History, its dice typed in. */
async function storedFight(page: Page) {
  await setUpChainswordsVsTermagants(page);
  await enterDice(page, '654321', /hit/i);
  await enterDice(page, '6 2 3', /wound roll/i);
  await enterDice(page, '6 2 1', /saving throws/i);
  await expect(page.getByTestId('outcome-lines')).toContainText('Termagants: 2 models destroyed of 10');
}

test('Settings keeps the paper and the step log on this device, and a print starts from them', async ({ page }) => {
  const errors = watchConsole(page);
  await storedFight(page);
  await page.goto('/#/settings');
  await expect(page.getByRole('main')).not.toContainText(/nothing to set/i);
  await page.getByTestId('setting-step-log').getByText('Steps: one line each').click();
  await page.getByTestId('setting-paper').getByText('US Letter').click();
  // Kept across a reload: stored on this device, not in the page.
  await page.reload();
  await expect(page.getByTestId('setting-step-log').locator('input[value="compact"]')).toBeChecked();
  await page.goto('/#/history');
  await page.getByTestId('history-open').first().click();
  await page.getByTestId('print-combat').click();
  await expect(page.getByTestId('combat-sheet')).toBeVisible({ timeout: 60_000 });
  await expect(page.getByTestId('sheet-steps')).toHaveAttribute('data-log', 'compact');
  await expect(page.getByTestId('print-sheet')).toHaveAttribute('data-paper', 'letter');
  // The printed log numbers its steps as the app counts them: 1 to 3, one number a step.
  const numbers = await page.getByTestId('sheet-steps').locator('tbody td.num').allTextContents();
  expect(numbers.filter((n) => n !== '')).toEqual(['1', '2', '3']);
  await expect(page.getByTestId('combat-sheet')).not.toContainText(innerWords);
  expect(errors).toEqual([]);
});
