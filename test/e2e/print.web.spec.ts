import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { enterDice, setUpChainswordsVsTermagants as setUp } from './flows';
import { watchConsole } from './support';

/**
 * Printing (issue 6): a stored combat's print view and a two-combat club-night report, each
 * printed to PDF by Chromium exactly as "Save as PDF" would, and read back with poppler's
 * pdftotext. The pages are also rendered to PNG (PRINT_PNG_DIR, default a temp folder) so a
 * person can look at them.
 */

const pngDir = process.env['PRINT_PNG_DIR'] ?? mkdtempSync(join(tmpdir(), 'cc-print-png-'));
mkdirSync(pngDir, { recursive: true });

/**
 * The page printed to a PDF — on A4, or on the paper its own `@page` rule asks for (`cssPaper`,
 * as the desktop's Save as PDF does) — with its text (layout kept), page count and page size.
 */
async function printToPdf(
  page: Page,
  name: string,
  { cssPaper = false } = {},
): Promise<{ text: string; pages: number; size: string }> {
  await page.emulateMedia({ media: 'print' });
  const file = join(mkdtempSync(join(tmpdir(), 'cc-print-')), `${name}.pdf`);
  await page.pdf(cssPaper ? { path: file, preferCSSPageSize: true } : { path: file, format: 'A4' });
  await page.emulateMedia({ media: 'screen' });
  execFileSync('pdftoppm', ['-png', '-r', '60', file, join(pngDir, name)]);
  const text = execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
  const info = execFileSync('pdfinfo', [file], { encoding: 'utf8' });
  return {
    text,
    pages: Number(/Pages:\s+(\d+)/.exec(info)?.[1] ?? 0),
    size: /Page size:\s+(.*)/.exec(info)?.[1] ?? '',
  };
}

async function chainswordsCombat(page: Page) {
  await setUp(page);
  await enterDice(page, '654321', /hit/i);
  await enterDice(page, '6 2 3', /wound roll/i);
  await enterDice(page, '6 2 1', /saving throws/i);
  await expect(page.getByTestId('outcome-lines')).toContainText('Termagants: 2 models destroyed of 10');
}

test.describe('printing', () => {
  test("a stored combat's print view prints the units, the dice and the outcome", async ({ page }) => {
    const errors = watchConsole(page);
    await chainswordsCombat(page);
    await page.goto('/#/history');
    await page
      .getByTestId('history-item')
      .filter({ hasText: 'Assault Intercessors vs Termagants' })
      .getByTestId('history-open')
      .click();

    // The same summary as Markdown, and the stored log as JSON: browser downloads here.
    const markdown = page.waitForEvent('download');
    await page.getByTestId('export-markdown').click();
    const md = await markdown;
    expect(md.suggestedFilename()).toMatch(/^assault-intercessors-vs-termagants-\d{4}-\d{2}-\d{2}\.md$/);
    const mdText = readFileSync((await md.path())!, 'utf8');
    expect(mdText).toContain('| 6 5 4 3 2 1 (4 pass, 1 crit) |');
    expect(mdText).toContain('- Termagants: 2 models destroyed of 10');
    const json = page.waitForEvent('download');
    await page.getByTestId('export-json').click();
    const log = JSON.parse(readFileSync((await (await json).path())!, 'utf8')) as {
      combat: { inputs: Array<{ dice?: number[] }> };
    };
    expect(log.combat.inputs.map((i) => i.dice)).toEqual([
      [6, 5, 4, 3, 2, 1],
      [6, 2, 3],
      [6, 2, 1],
    ]);

    await page.getByTestId('print-combat').click();
    await expect(page).toHaveURL(/#\/print\/combat\/[^/?]+/);
    const sheet = page.getByTestId('combat-sheet');
    await expect(sheet).toContainText('Astartes chainsword');
    // Only the document prints: no navigation, no toolbar.
    await expect(page.getByRole('navigation')).toHaveCount(0);

    // The paper selector sets the printed page size (the default follows the browser's locale).
    await page.getByText('A4', { exact: true }).click();
    await expect(page).toHaveURL(/paper=a4/);
    const { text, pages, size } = await printToPdf(page, 'combat', { cssPaper: true });
    expect(size).toMatch(/\(A4\)/);
    expect(pages).toBeGreaterThanOrEqual(1);
    expect(text).toContain('Assault Intercessors vs Termagants');
    expect(text).toContain('Astartes chainsword');
    expect(text).toMatch(/6 5 4 3 2 1/);
    expect(text).toMatch(/6 2 3/);
    expect(text).toMatch(/6 2 1/);
    expect(text).toContain('Termagants: 2 models destroyed of 10');
    expect(text).toMatch(/percentile/);
    expect(text).toMatch(/Page 1 of \d/);
    expect(text).not.toContain('Save as PDF');

    // US Letter, 8.5 × 11 in.
    await page.getByText('US Letter').click();
    await expect(page).toHaveURL(/paper=letter/);
    const letter = await printToPdf(page, 'combat-letter', { cssPaper: true });
    expect(letter.size).toMatch(/^612 x 792 pts/);
    expect(letter.text).toContain('Termagants: 2 models destroyed of 10');
    expect(errors).toEqual([]);
  });

  test('a club-night report of two combats has both, a contents list and a tally', async ({ page }) => {
    const errors = watchConsole(page);
    await chainswordsCombat(page);
    await setUp(page, { attacker: 'Blood Angels Assault Squad', defender: 'Hormagaunts' });
    await enterDice(page, '666655', /hit/i);
    await enterDice(page, '3 3', /wound roll/i);
    await enterDice(page, '1 1 1 1 1 1', /saving throws/i);
    await expect(page.getByTestId('outcome-lines')).toContainText('Hormagaunts: 6 models destroyed of 10');

    await page.goto('/#/history');
    await expect(page.getByTestId('history-item')).toHaveCount(2);
    await page.getByTestId('club-night-report').click();
    await expect(page.getByRole('dialog', { name: 'Club-night report' })).toBeVisible();
    // A click that lands while the dialog is still opening (a loaded CI machine) can be lost: retry it.
    await expect(async () => {
      await page.getByTestId('open-report').click({ timeout: 2000 });
      await expect(page).toHaveURL(/#\/print\/report\?from=/, { timeout: 2000 });
    }).toPass({ timeout: 15_000 });
    await expect(page.getByTestId('combat-sheet')).toHaveCount(2);

    const { text, pages } = await printToPdf(page, 'report');
    // The front page, then each combat on its own page(s).
    expect(pages).toBeGreaterThanOrEqual(3);
    expect(text).toContain('Club-night report');
    expect(text).toContain('Contents');
    expect(text).toContain('Assault Intercessors vs Termagants');
    expect(text).toContain('Blood Angels Assault Squad vs Hormagaunts');
    expect(text).toContain('Tally');
    // Tally rows: force, combats, won, lost, drawn, models destroyed, models lost.
    expect(text).toMatch(/Blood Angels Assault Squad\s+1\s+0\s+0\s+0\s+6\s+0/);
    expect(text).toMatch(/Assault Intercessors\s+1\s+0\s+0\s+0\s+2\s+0/);
    expect(text).toMatch(/Hormagaunts\s+1\s+0\s+0\s+0\s+0\s+6/);
    expect(text).toContain('Hormagaunts: 6 models destroyed of 10');

    // The same report as Markdown, for the club forum.
    const markdown = page.waitForEvent('download');
    await page.getByTestId('report-markdown').click();
    const md = readFileSync((await (await markdown).path())!, 'utf8');
    expect(md).toContain('Blood Angels Assault Squad vs Hormagaunts');
    expect(md).toContain('Assault Intercessors vs Termagants');

    // Or only the combats ticked in the history.
    await page.goto('/#/history');
    await page.getByTestId('history-item').filter({ hasText: 'Hormagaunts' }).getByTestId('history-pick').check();
    await page.getByTestId('report-picked').click();
    await expect(page).toHaveURL(/#\/print\/report\?ids=/);
    await expect(page.getByTestId('combat-sheet')).toHaveCount(1);
    await expect(page.getByTestId('combat-sheet')).toContainText('Blood Angels Assault Squad vs Hormagaunts');
    expect(errors).toEqual([]);
  });
});
