import { expect, type Locator, type Page } from '@playwright/test';

/** A screen size: width and height in CSS pixels. */
export type Size = readonly [width: number, height: number];

/**
 * Checks every choice of a combat as it opens (issue 35: every option in sight): played by "Roll
 * for me", the suggested options and Continue, at each choose step every option's box lies inside
 * the viewport and nothing is laid over it (the element at its centre is the option itself), and in
 * a game fought round after round the fight's headline is in sight at the top of every step. With
 * several `sizes`, each step is looked at in each (the window resized and scrolled to the top, as
 * the app scrolls at every step): one play of the combat checks both a laptop and a tablet.
 * Returns how many choices were checked.
 */
export async function checkChoicesInSight(
  page: Page,
  opts: { fight: boolean; sizes: readonly Size[]; maxSteps?: number },
): Promise<number> {
  const step = page.getByTestId('step');
  let checked = 0;
  for (let guard = 0; guard < (opts.maxSteps ?? 120); guard++) {
    await expect(step).toHaveAttribute('data-step-kind', /roll|choose|outcome/);
    const kind = await step.getAttribute('data-step-kind');
    // A choice is looked at as the players read it: with every option's fight figure in (they make the options taller).
    if (kind === 'choose') await expect(page.locator('[data-odds-settled="true"]')).toBeAttached({ timeout: 60_000 });
    for (const [width, height] of opts.sizes) {
      if (opts.sizes.length > 1) {
        await page.setViewportSize({ width, height });
        await page.evaluate(() => window.scrollTo(0, 0));
      }
      if (opts.fight) await expect(page.getByTestId('fight-headline')).toBeInViewport({ timeout: 30_000 });
      if (kind === 'choose') await expectOptionsInSight(step.locator('button[data-testid^="option-"]'));
    }
    if (kind === 'choose') checked++;
    if (await isOver(page)) break;
    await goOn(page);
  }
  return checked;
}

/** Each option wholly in the viewport, and the element at its centre inside the option (no bar laid over it). */
async function expectOptionsInSight(options: Locator) {
  const n = await options.count();
  expect(n).toBeGreaterThan(0);
  for (let i = 0; i < n; i++) {
    const option = options.nth(i);
    await expect(option).toBeInViewport({ ratio: 1 });
    // Polled: a resize or a late line of text may still be moving the layout for a frame.
    const uncovered = () =>
      option.evaluate((el) => {
        const r = el.getBoundingClientRect();
        const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
        return hit !== null && el.contains(hit);
      });
    await expect
      .poll(uncovered, { message: `option ${await option.getAttribute('data-testid')} is covered` })
      .toBe(true);
  }
}

/** Whether the combat is over: an outcome with nothing to go on to. */
export async function isOver(page: Page): Promise<boolean> {
  const step = page.getByTestId('step');
  return (
    (await step.getAttribute('data-step-kind')) === 'outcome' && (await page.getByTestId('continue').count()) === 0
  );
}

/** One step on, as a player in a hurry goes: "Roll for me", Continue, or the suggested option; waits for the next step. */
export async function goOn(page: Page): Promise<void> {
  const step = page.getByTestId('step');
  const kind = await step.getAttribute('data-step-kind');
  const id = (await step.getAttribute('data-step-id')) ?? '';
  // A choice's suggestion follows the whole fight's odds once they come: take it when final, so a seed plays the same way on a busy machine.
  if (kind === 'choose') await expect(page.locator('[data-odds-settled="true"]')).toBeAttached({ timeout: 60_000 });
  const next =
    kind === 'roll'
      ? page.getByTestId('roll-for-me')
      : kind === 'outcome'
        ? page.getByTestId('continue')
        : step.locator('button[data-testid^="option-"][data-suggested="true"]').first();
  await next.click();
  await expect(step).not.toHaveAttribute('data-step-id', id);
}
