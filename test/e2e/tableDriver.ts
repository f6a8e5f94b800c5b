import { expect, type Locator, type Page } from '@playwright/test';
import { roundsSeen } from '../support/stepTargets';
import { goOn } from './choiceInSight';

/**
 * A whole combat at the table, by taps: the wizard driven as a player on a tablet would, every die
 * entered by hand (seeded faces, so a run repeats), the suggested option at every choice. At every
 * step it checks that the step card — who acts, what the step is, the dice box or the option or
 * Continue — and the odds line are on screen together, without scrolling.
 */

/** A small seeded generator for the faces typed: the same run every time. */
export function facesFrom(seed: number) {
  let state = seed >>> 0 || 1;
  return (sides: number) => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return 1 + (state % sides);
  };
}

export interface TableRun {
  steps: number;
  rounds: number;
  /** What the first roll's grid read back, what was typed, and what the box held after Undo. */
  readBack: { typed: string; grid: string; afterUndo: string } | null;
}

/** Each field of the dice box at this roll step, with how many dice and faces it takes. */
async function diceFields(step: Locator): Promise<Array<{ field: Locator; count: number; sides: number }>> {
  const fields = step.locator('input[data-count]');
  const n = await fields.count();
  const out = [];
  for (let i = 0; i < n; i++) {
    const field = fields.nth(i);
    out.push({
      field,
      count: Number(await field.getAttribute('data-count')),
      sides: Number(await field.getAttribute('data-sides')),
    });
  }
  return out;
}

/**
 * Types every group of the dice box, in order, as the players would: a chained group ("to wound: a
 * D6 for each hit") shows its field once the dice it follows are in, so the fields are read again
 * after each one. Returns the fields as they stand when all are filled.
 */
async function typeAll(
  step: Locator,
  roll: (sides: number) => number,
): Promise<Array<{ field: Locator; count: number; sides: number }>> {
  for (let guard = 0; guard < 100; guard++) {
    const fields = await diceFields(step);
    let open: { field: Locator; count: number; sides: number } | undefined;
    for (const f of fields) {
      if ((await f.field.inputValue()).replace(/\D/g, '').length !== f.count) {
        open = f;
        break;
      }
    }
    if (!open) return fields;
    await open.field.fill(Array.from({ length: open.count }, () => roll(open.sides)).join(''));
  }
  throw new Error('the dice box kept asking for more dice');
}

/** The step card's essentials and the odds line are all in the viewport as the step opens. */
async function expectAllInSight(page: Page, main: Locator, oddsLine: boolean) {
  const step = page.getByTestId('step');
  await expect(step.getByTestId('who-acts')).toBeInViewport({ ratio: 1 });
  await expect(step.getByRole('heading', { level: 2 })).toBeInViewport({ ratio: 1 });
  await expect(main).toBeInViewport({ ratio: 1 });
  if (oddsLine) {
    const odds = page.getByTestId('odds-headline');
    await expect(odds).toHaveAttribute('aria-busy', 'false', { timeout: 20_000 });
    await expect(odds).toBeInViewport({ ratio: 1 });
  }
}

/** Plays the combat open on `page` to its end; returns the steps taken and the rounds it went. */
export async function playByTaps(
  page: Page,
  seed: number,
  opts: { oddsLine?: boolean; maxSteps?: number } = {},
): Promise<TableRun> {
  const roll = facesFrom(seed);
  const step = page.getByTestId('step');
  const texts: string[] = [];
  let steps = 0;
  let readBack: TableRun['readBack'] = null;
  for (let guard = 0; guard < (opts.maxSteps ?? 300); guard++) {
    await expect(step).toBeVisible();
    const id = (await step.getAttribute('data-step-id')) ?? '';
    const kind = await step.getAttribute('data-step-kind');
    texts.push((await step.getByRole('heading', { level: 2 }).textContent()) ?? '');
    const status = page.getByTestId('combat-status');
    if (await status.count()) texts.push((await status.textContent()) ?? '');
    if (kind === 'outcome' && (await page.getByTestId('continue').count()) === 0) break;

    if (kind === 'roll') {
      const fields = await diceFields(step);
      await expectAllInSight(page, fields[0]!.field, opts.oddsLine ?? true);
      if (readBack === null) readBack = await checkEntry(page, fields[0]!, roll);
      const filled = await typeAll(step, roll);
      await filled.at(-1)!.field.press('Enter');
    } else if (kind === 'choose') {
      // The suggestion follows the whole fight's odds once they come: taken when final, so a run repeats on a busy machine.
      await expect(page.locator('[data-odds-settled="true"]')).toBeAttached({ timeout: 60_000 });
      // The main button of a choice: the suggested option, also one tap away at the bottom when there are many.
      const takeSuggested = step.getByTestId('take-suggested');
      const suggested = step.locator('[data-testid^="option-"][data-suggested="true"]').first();
      const main =
        (await takeSuggested.count()) > 0
          ? takeSuggested
          : (await suggested.count()) > 0
            ? suggested
            : step.locator('[data-testid^="option-"]').first();
      await expectAllInSight(page, main, opts.oddsLine ?? true);
      await main.tap();
    } else {
      await expectAllInSight(page, page.getByTestId('continue'), opts.oddsLine ?? true);
      await page.getByTestId('continue').tap();
    }
    steps++;
    await expect(step).not.toHaveAttribute('data-step-id', id);
  }
  return { steps, rounds: roundsSeen(texts), readBack };
}

/**
 * At the first roll: too few dice and Enter says what is missing; the typed dice read back in the
 * grid; the step taken and undone puts the same dice back in the box. Leaves the box empty.
 */
async function checkEntry(
  page: Page,
  first: { field: Locator; count: number; sides: number },
  roll: (sides: number) => number,
): Promise<TableRun['readBack']> {
  const { field, count } = first;
  const step = page.getByTestId('step');
  const text = Array.from({ length: count }, () => roll(first.sides)).join('');
  if (count > 1) {
    await field.fill(text.slice(0, count - 1));
    await field.press('Enter');
    await expect(page.getByTestId('dice-missing')).toContainText(`${count - 1} of ${count} dice: one more`);
  }
  await field.fill(text);
  const filled = await typeAll(step, roll);
  const gridId = ((await field.getAttribute('data-testid')) ?? 'dice-faces').replace('dice-faces', 'dice-grid');
  const faces = page.getByTestId(`${gridId}-face`);
  await expect(faces).toHaveCount(count);
  const grid = (await faces.allTextContents()).join('');
  await expect(page.getByTestId(`${gridId}-six`)).toHaveCount(Math.ceil(count / 6));
  const id = (await step.getAttribute('data-step-id')) ?? '';
  await filled.at(-1)!.field.press('Enter');
  await expect(step).not.toHaveAttribute('data-step-id', id);
  await page.getByTestId('undo').tap();
  await expect(step).toHaveAttribute('data-step-id', id);
  const afterUndo = await field.inputValue();
  for (const f of (await diceFields(step)).reverse()) await f.field.fill('');
  return { typed: text, grid, afterUndo: afterUndo.replace(/\s+/g, '') };
}

/** Goes on by the suggested choices, Continue and "Roll for me" (the seeded dice) until a roll step whose title matches. */
export async function onToRoll(page: Page, title: RegExp) {
  const step = page.getByTestId('step');
  await expect(step).toHaveAttribute('data-step-kind', /roll|choose|outcome/);
  for (let guard = 0; guard < 40; guard++) {
    const kind = await step.getAttribute('data-step-kind');
    if (kind === 'roll' && title.test((await step.getByRole('heading', { level: 2 }).textContent()) ?? '')) return;
    await goOn(page);
  }
  throw new Error(`no roll step titled ${String(title)}`);
}

/** The roll step as it opens: who rolls, its first dice box and the main button in sight, nothing laid over the box. */
export async function expectRollInSight(page: Page) {
  const step = page.getByTestId('step');
  const box = step.locator('input[data-count]').first();
  await expect(box).toBeInViewport({ ratio: 1 });
  await expect(step.getByTestId('submit-dice')).toBeInViewport({ ratio: 1 });
  await expect(step.getByTestId('who-acts')).toBeInViewport({ ratio: 1 });
  // Nothing sits over the box: the element at its centre is the box itself.
  const centre = await box.evaluate((el) => {
    const r = el.getBoundingClientRect();
    return document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2) === el;
  });
  expect(centre).toBe(true);
}
