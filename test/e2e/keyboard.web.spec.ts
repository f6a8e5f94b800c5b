import { expect, test, type Page } from '@playwright/test';
import { watchConsole } from './support';

/**
 * Keyboard and one hand (issue 18): at every step kind the focus is already on the step's control
 * (roll: the dice box; choose: the suggested option; outcome: Continue), so a player answers with
 * the keys alone; at a choose step digits pick an option and Enter takes the suggested one; a
 * refused dice entry leaves the focus in the dice box. The seeded "Roll for me" dice of the
 * old-world charge below (seed 7) end round 1 with the Orc Boyz broken: pursue or restrain. The
 * ranks games say their result with the next step, so the outcome step's focus is seen on an Epic assault result (a draw).
 */

const step = (page: Page) => page.getByTestId('step');
const title = (page: Page) => step(page).getByRole('heading', { level: 2 });

async function startCharge(page: Page) {
  await page.goto('/#/combat/new/old-world');
  await page.getByTestId('field-setup.attacker.name').fill('Empire');
  await page.getByTestId('field-setup.attacker.units[0].name').fill('Halberdiers');
  await page.getByTestId('field-setup.defender.name').fill('Orcs');
  await page.getByTestId('field-setup.defender.units[0].name').fill('Orc Boyz');
  await page.getByTestId('seed').fill('7');
  await page.getByTestId('start-combat').click();
  await expect(page).toHaveURL(/#\/combat\/play\//, { timeout: 20_000 });
}

/** The step after this one (a new step id). */
async function next(page: Page, before: string | null) {
  await expect(step(page)).not.toHaveAttribute('data-step-id', before ?? '');
}

test('the focus is on the step control at every step kind; digits and Enter answer a choose step; a refused entry keeps the dice box', async ({
  page,
}) => {
  const errors = watchConsole(page);
  await startCharge(page);

  // Roll step: the dice box has the focus. Faces a D6 cannot show are refused and the box keeps it.
  await expect(step(page)).toHaveAttribute('data-step-kind', 'roll');
  const box = page.getByTestId('dice-faces');
  await expect(box).toBeFocused();
  await page.keyboard.type('9 9');
  await page.keyboard.press('Enter');
  await expect(box).toHaveAttribute('aria-invalid', 'true');
  await expect(step(page)).toHaveAttribute('data-step-kind', 'roll');
  await expect(box).toBeFocused();
  await page.keyboard.press('Control+A');
  await page.keyboard.press('Backspace');
  await expect(box).toHaveValue('');

  // Each roll by "Roll for me" (same dice from the seed every run); each new roll step has its box focused.
  for (let i = 0; i < 40; i++) {
    const kind = await step(page).getAttribute('data-step-kind');
    const id = await step(page).getAttribute('data-step-id');
    if (kind === 'choose') break;
    await expect(page.getByTestId('dice-faces')).toBeFocused();
    await page.getByTestId('roll-for-me').click();
    await next(page, id);
  }

  // Choose step: the suggested option (pursue) has the focus; "2" takes the second (restrain).
  await expect(step(page)).toHaveAttribute('data-step-kind', 'choose');
  await expect(page.getByTestId('option-pursue')).toBeFocused();
  await expect(page.getByTestId('option-restrain')).toHaveAttribute('aria-keyshortcuts', '2');
  const choose = await step(page).getAttribute('data-step-id');
  await page.keyboard.press('2');
  await next(page, choose);
  await expect(title(page)).toHaveText(/restrain/i);
  await expect(page.getByTestId('dice-faces')).toBeFocused();

  // Undo: the same choice again, the suggested option focused again; with the focus nowhere
  // (a click on the page's text), Enter still takes the suggested option.
  await page.getByTestId('undo').click();
  await expect(step(page)).toHaveAttribute('data-step-id', choose ?? '');
  await page.getByTestId('step-prompt').click();
  await expect(page.getByTestId('option-pursue')).not.toBeFocused();
  await page.keyboard.press('Enter');
  await next(page, choose);
  // Pursuing: the fleeing unit's and the pursuers' rolls together (restraining would roll the Ld test first).
  await expect(title(page)).toHaveText('Orc Boyz: flee and pursuit');
  expect(errors).toEqual([]);
});

test('at an outcome step Continue has the focus and Enter continues (Epic Armageddon: a drawn assault result)', async ({
  page,
}) => {
  const errors = watchConsole(page);
  await page.goto('/#/combat/new/epic-armageddon');
  // Seed 20: the first round's assault result is a draw, shown before the next round's
  // counter-charges — whether a choice is taken as the rules suggest or as the odds do.
  await page.getByTestId('seed').fill('20');
  await page.getByTestId('start-combat').click();
  await expect(page).toHaveURL(/#\/combat\/play\//, { timeout: 20_000 });
  // Every roll by "Roll for me" and every choice as suggested, up to the round's result.
  for (let i = 0; i < 60; i++) {
    const kind = await step(page).getAttribute('data-step-kind');
    const id = await step(page).getAttribute('data-step-id');
    if (kind === 'outcome') break;
    if (kind === 'roll') await page.getByTestId('roll-for-me').click();
    else await page.keyboard.press('Enter');
    await next(page, id);
  }
  await expect(step(page)).toHaveAttribute('data-step-kind', 'outcome');
  await expect(page.getByTestId('continue')).toBeFocused();
  const outcome = await step(page).getAttribute('data-step-id');
  await page.keyboard.press('Enter');
  await next(page, outcome);
  expect(errors).toEqual([]);
});
