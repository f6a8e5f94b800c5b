import { expect, test, type Page } from '@playwright/test';
import { plainAttack10e, setupField } from './flows';
import { watchConsole } from './support';

/**
 * A tablet at the table (issue 18): 820×1180, a touch screen, every control tapped. The sections
 * are behind the header's menu; a 10th edition fight is set up and played to its end, the hit
 * dice counted face by face with the + buttons, the rest rolled by the app (seeded).
 */

test.use({ viewport: { width: 820, height: 1180 }, hasTouch: true, isMobile: true });

const sideways = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

test('a whole fight played with taps on a tablet', async ({ page }) => {
  const errors = watchConsole(page);
  await page.goto('/#/rosters');
  // The navigation is folded away: the menu opens it, a section closes it again.
  const nav = page.getByRole('navigation', { name: 'Sections' });
  await expect(nav).not.toBeInViewport();
  await page.getByRole('button', { name: 'Show sections' }).tap();
  await expect(nav).toBeInViewport();
  await nav.getByRole('link', { name: 'Combat' }).tap();
  await expect(page).toHaveURL(/#\/combat$/);
  await expect(nav).not.toBeInViewport();

  await page.getByTestId('start-wh40k-10e').tap();
  await plainAttack10e(page);
  await setupField(page, 'attacker.name').tap();
  await setupField(page, 'attacker.name').fill('Assault Intercessors');
  await page.getByText('Fighting (WS)').tap();
  await page.getByText('Charged this turn').tap();
  await expect(page.getByLabel('Charged this turn')).toBeChecked();
  const weapon = { name: 'Astartes chainsword', attacks: '6', skill: '3', strength: '4', ap: '-1', damage: '1' };
  for (const [key, value] of Object.entries(weapon)) {
    await setupField(page, `attacker.weapons[0].${key}`).tap();
    await setupField(page, `attacker.weapons[0].${key}`).fill(value);
  }
  const target = {
    name: 'Termagants',
    'models[0].count': '10',
    'models[0].toughness': '3',
    'models[0].save': '5',
    'models[0].wounds': '1',
  };
  for (const [key, value] of Object.entries(target)) {
    await setupField(page, `defender.${key}`).tap();
    await setupField(page, `defender.${key}`).fill(value);
  }
  await page.getByTestId('seed').tap();
  await page.getByTestId('seed').fill('11');
  expect(await sideways(page)).toBe(0);
  await page.getByTestId('start-combat').tap();
  await expect(page).toHaveURL(/#\/combat\/play\//);

  // The hit roll counted on the dice tray: three 6s, two 4s, a 1, each a tap on its face's +.
  const step = page.getByTestId('step');
  await expect(step).toHaveAttribute('data-step-kind', 'roll');
  await expect(step).toBeInViewport();
  await page.getByText('Count each face').tap();
  for (const face of [6, 6, 6, 4, 4, 1]) await page.getByRole('button', { name: `One more ${face}` }).tap();
  await page.getByRole('button', { name: 'One fewer 1' }).tap();
  await page.getByRole('button', { name: 'One more 2' }).tap();
  await expect(page.getByTestId('dice-tally')).toContainText('6 of 6 dice · 5 pass');
  expect(await sideways(page)).toBe(0);
  await page.getByTestId('submit-dice').tap();
  await expect(page.getByTestId('combat-log')).toContainText('2 4 4 6 6 6');

  // The rest by "Roll for me" (and Continue) until the fight is over.
  for (let i = 0; i < 30 && !(await page.getByRole('link', { name: 'New combat' }).isVisible()); i++) {
    const id = await step.getAttribute('data-step-id');
    const kind = await step.getAttribute('data-step-kind');
    await expect(step).toBeInViewport();
    if (kind === 'roll') await page.getByTestId('roll-for-me').tap();
    else if (kind === 'outcome') {
      if (await page.getByTestId('continue').isVisible()) await page.getByTestId('continue').tap();
      else break;
    } else await page.getByTestId('step-options').getByRole('button').first().tap();
    await expect(step).not.toHaveAttribute('data-step-id', id ?? '');
  }
  await expect(page.getByText(/· finished/)).toBeVisible();
  await expect(page.getByTestId('outcome-lines')).toContainText('Termagants');
  expect(await sideways(page)).toBe(0);
  await page.getByRole('link', { name: 'New combat' }).tap();
  await expect(page).toHaveURL(/#\/combat$/);
  expect(errors).toEqual([]);
});
