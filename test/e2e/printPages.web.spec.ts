import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { registry } from '../../core/systems';
import { enterDice, setUpChainswordsVsTermagants } from './flows';
import { watchConsole } from './support';

/**
 * The printed sheet at the table (issue 18): a one-round combat fits on two A4 pages, and a ranks
 * game prints its rank diagrams as the units stand at the end. Pages are rendered to PNG
 * (PRINT_PNG_DIR, default a temp folder) so a person can look at them.
 */

const pngDir = process.env['PRINT_PNG_DIR'] ?? mkdtempSync(join(tmpdir(), 'cc-print-pages-'));
mkdirSync(pngDir, { recursive: true });

async function printA4(page: Page, name: string): Promise<{ text: string; pages: number }> {
  await page.emulateMedia({ media: 'print' });
  const file = join(mkdtempSync(join(tmpdir(), 'cc-print-')), `${name}.pdf`);
  await page.pdf({ path: file, format: 'A4' });
  await page.emulateMedia({ media: 'screen' });
  execFileSync('pdftoppm', ['-png', '-r', '60', file, join(pngDir, name)]);
  const text = execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
  const info = execFileSync('pdfinfo', [file], { encoding: 'utf8' });
  return { text, pages: Number(/Pages:\s+(\d+)/.exec(info)?.[1] ?? 0) };
}

async function openPrint(page: Page, steps?: 'compact') {
  await page.goto('/#/history');
  await page.getByTestId('history-open').first().click();
  await page.getByTestId('print-combat').click();
  await expect(page).toHaveURL(/#\/print\/combat\/[^/?]+/);
  if (steps) await page.getByText('Steps: one line each').click();
  // The sheet is drawn once the host has the summary, whole-combat odds and all (a second or two on a busy machine).
  await expect(page.getByTestId('combat-sheet')).toBeVisible({ timeout: 60_000 });
  await expect(page.getByTestId('print')).toBeEnabled();
}

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

/** Plays the combat open on the page to its end: the app's seeded rolls, the suggested choices. */
async function playToEnd(page: Page) {
  const step = page.getByTestId('step');
  for (let i = 0; i < 300 && !(await page.getByRole('link', { name: 'New combat' }).isVisible()); i++) {
    const id = await step.getAttribute('data-step-id');
    const kind = await step.getAttribute('data-step-kind');
    if (kind === 'roll') await page.getByTestId('roll-for-me').click();
    else if (kind === 'choose') await page.keyboard.press('Enter');
    else if (await page.getByTestId('continue').isVisible()) await page.getByTestId('continue').click();
    else break;
    await expect(step).not.toHaveAttribute('data-step-id', id ?? '');
  }
  await expect(page.getByText(/· finished/)).toBeVisible();
}

// Issue 22: one round of any system on at most two A4 pages, with the step log one line a step.
// Issue 24: the round-by-round games print the whole combat's odds too — for a fight of one round,
// in one line under the round's odds.
const FOUGHT_ROUND_BY_ROUND = new Set(['old-world', 'wh40k-7e', 'ninth-age', 'epic-armageddon']);
for (const { id } of registry.definitions) {
  test(`${id}: the example combat prints its round on at most two A4 pages per round, the seed shown since the app rolled`, async ({
    page,
  }) => {
    await page.goto(`/#/combat/new/${id}`);
    await page.getByTestId('seed').fill('3');
    await page.getByTestId('start-combat').click();
    await expect(page).toHaveURL(/#\/combat\/play\//);
    await playToEnd(page);
    const log = (await page.getByTestId('combat-log').textContent()) ?? '';
    const rounds = Math.max(1, ...[...log.matchAll(/\bround (\d+)/gi)].map((m) => Number(m[1])));
    await openPrint(page, 'compact');
    await expect(page).toHaveURL(/steps=compact/);
    await expect(page.getByTestId('sheet-steps')).toHaveAttribute('data-log', 'compact');
    const { pages, text } = await printA4(page, `${id}-example`);
    console.log(`${id}: ${rounds} round(s), ${pages} A4 page(s)`);
    expect(text).toMatch(/\bseed 3\b/);
    expect(pages).toBeLessThanOrEqual(2 * rounds);
    if (FOUGHT_ROUND_BY_ROUND.has(id)) {
      if (rounds === 1)
        await expect(page.getByTestId('sheet-whole-combat-line')).toContainText(
          /The whole combat, before any die: .+ win (≈\s)?\d+/,
        );
      else await expect(page.getByTestId('sheet-whole-combat')).toBeVisible();
    }
  });
}
