import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, type Page } from '@playwright/test';

/**
 * The printed sheet as the browser tests read it: printed to an A4 PDF (its pages rendered to PNG
 * in PRINT_PNG_DIR, default a temp folder, so a person can look at them), its text and page count.
 */
const pngDir = process.env['PRINT_PNG_DIR'] ?? mkdtempSync(join(tmpdir(), 'cc-print-pages-'));
mkdirSync(pngDir, { recursive: true });

export async function printA4(page: Page, name: string): Promise<{ text: string; pages: number; blankPages: number }> {
  await page.emulateMedia({ media: 'print' });
  const file = join(mkdtempSync(join(tmpdir(), 'cc-print-')), `${name}.pdf`);
  await page.pdf({ path: file, format: 'A4' });
  await page.emulateMedia({ media: 'screen' });
  execFileSync('pdftoppm', ['-png', '-r', '60', file, join(pngDir, name)]);
  const text = execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
  const info = execFileSync('pdfinfo', [file], { encoding: 'utf8' });
  // A page with nothing but its margin boxes ("Combat Companion", "Page 2 of 2") is a blank page.
  const blankPages = text
    .split('\f')
    .slice(0, -1)
    .filter((p) => p.replace(/Combat Companion|Page \d+ of \d+/g, '').trim() === '').length;
  return { text, pages: Number(/Pages:\s+(\d+)/.exec(info)?.[1] ?? 0), blankPages };
}

export async function openPrint(page: Page, steps?: 'compact') {
  await page.goto('/#/history');
  await page.getByTestId('history-open').first().click();
  await page.getByTestId('print-combat').click();
  await expect(page).toHaveURL(/#\/print\/combat\/[^/?]+/);
  if (steps) await page.getByText('Steps: one line each').click();
  // The sheet is drawn once the host has the summary, whole-combat odds and all (a second or two on a busy machine).
  await expect(page.getByTestId('combat-sheet')).toBeVisible({ timeout: 60_000 });
  await expect(page.getByTestId('print')).toBeEnabled();
}

/** Plays the combat open on the page to its end: the app's seeded rolls, the suggested choices. */
export async function playToEnd(page: Page) {
  const step = page.getByTestId('step');
  for (let i = 0; i < 300 && !(await page.getByRole('link', { name: 'New combat' }).isVisible()); i++) {
    const id = await step.getAttribute('data-step-id');
    const kind = await step.getAttribute('data-step-kind');
    if (kind === 'roll') await page.getByTestId('roll-for-me').click();
    else if (kind === 'choose') {
      // The suggestion follows the whole fight's odds once they come: take it when final, so a seed plays the same way on a busy machine.
      await expect(page.locator('[data-odds-settled="true"]')).toBeAttached({ timeout: 60_000 });
      await page.keyboard.press('Enter');
    } else if (await page.getByTestId('continue').isVisible()) await page.getByTestId('continue').click();
    else break;
    await expect(step).not.toHaveAttribute('data-step-id', id ?? '');
  }
  await expect(page.getByText(/· finished/)).toBeVisible();
}
