import { expect, test, type Page } from '@playwright/test';
import { enterDice, setUpChainswordsVsTermagants } from './flows';
import { watchConsole } from './support';

/**
 * Issue 35, words a player uses and settings a player keeps: who acts, in words that need no verb
 * to agree with a side's name; no word of the app's inner workings on About; the 10th edition
 * setup showing only what its mode uses; Settings kept on this device and used by every print and
 * every roll; Warhammer Fantasy Battle 6th's musician, which no rule reads, not asked for.
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

test('Settings: "Count each face" opens every roll counting, on this device; a roll may still switch, keeping its dice', async ({
  page,
  context,
}) => {
  const errors = watchConsole(page);
  await page.goto('/#/settings');
  await expect(page.getByTestId('setting-dice-mode').locator('input[value="type"]')).toBeChecked();
  await page.getByTestId('setting-dice-mode').getByText('Count each face').click();
  // Another tab: the device's setting, no switch made in its session.
  const tab = await context.newPage();
  const tabErrors = watchConsole(tab);
  await tab.goto('/#/combat/new/wh40k-10e');
  await tab.getByTestId('start-combat').click();
  await expect(tab).toHaveURL(/#\/combat\/play\//);
  await expect(tab.getByTestId('step')).toHaveAttribute('data-step-kind', 'roll');
  // The first roll opens counting: a count box for each face, no box to type the faces in.
  for (const face of [1, 2, 3, 4, 5, 6]) await expect(tab.getByTestId(`count-${face}`)).toBeVisible();
  await expect(tab.getByTestId('dice-faces')).toHaveCount(0);
  await tab.getByTestId('count-4').fill('3');
  await tab.getByTestId('count-6').fill('2');
  // Switched at the roll: the dice counted are there to read and edit as faces.
  await tab.getByText('Type the faces').click();
  await expect(tab.getByTestId('dice-faces')).toHaveValue('444 66');
  await tab.close();
  // A switch at a roll is that session's: the device's setting stays as chosen.
  await page.reload();
  await expect(page.getByTestId('setting-dice-mode').locator('input[value="count"]')).toBeChecked();
  expect([...errors, ...tabErrors]).toEqual([]);
});

test('Warhammer Fantasy Battle 6th: no Musician to tick, a line in its place says why', async ({ page }) => {
  const errors = watchConsole(page);
  await page.goto('/#/combat/new/old-world');
  await expect(page.getByTestId('start-combat')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByLabel('Standard', { exact: true }).first()).toBeVisible();
  await expect(page.getByLabel('Musician')).toHaveCount(0);
  for (const side of ['attacker', 'defender'])
    await expect(page.getByTestId(`note-setup.${side}.units[0].musician`)).toHaveText(
      'A musician is not asked for: it changes nothing in the close-combat rules this app follows.',
    );
  // The example's musician is still in the setup it starts (a file or a roster may have one): it starts as before.
  await page.getByTestId('start-combat').click();
  await expect(page).toHaveURL(/#\/combat\/play\//);
  expect(errors).toEqual([]);
});
