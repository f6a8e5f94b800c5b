import { expect, test, type Page } from '@playwright/test';
import { profileField, setupField } from './flows';
import { watchConsole } from './support';

/** A 10th edition roster holding one Intercessor Squad, made through the Rosters screens. */
async function rosterWithIntercessors(page: Page) {
  await page.goto('/#/rosters');
  await page.getByTestId('new-roster').click();
  await page.getByTestId('roster-name').fill('Strike Force Alpha');
  await page.getByTestId('roster-system').click();
  await page.getByRole('option', { name: 'Warhammer 40,000 10th edition' }).click();
  await page.getByTestId('create-roster').click();
  await expect(page).toHaveURL(/#\/rosters\/[^/]+$/);
  await page.getByTestId('add-unit').click();
  await page.getByTestId('unit-name-input').fill('Intercessor Squad');
  const models = { count: 5, movement: 6, toughness: 4, save: 3, wounds: 2, leadership: 6, objectiveControl: 2 };
  for (const [key, value] of Object.entries(models)) await profileField(page, `models[0].${key}`).fill(String(value));
  // What the unit has against attacks (WH40K10-MODIFIERS.md), kept with it.
  await profileField(page, 'models[0].invulnerable').fill('4');
  await profileField(page, 'defensiveModifiers.stealth').check();
  await page.getByTestId('add-profile.weapons').click();
  const weapon = {
    name: 'Bolt rifle',
    range: '24',
    models: 5,
    attacks: '2',
    skill: 3,
    strength: 4,
    ap: -1,
    damage: '1',
  };
  for (const [key, value] of Object.entries(weapon)) await profileField(page, `weapons[0].${key}`).fill(String(value));
  await page.getByTestId('save-unit').click();
  await expect(page).toHaveURL(/#\/rosters\/[^/]+$/);
}

test('the 10th edition setup takes its attacker and target from a roster', async ({ page }) => {
  const errors = watchConsole(page);
  await rosterWithIntercessors(page);
  await page.goto('/#/combat/new/wh40k-10e');

  await page.getByTestId('roster-setup.attacker').click();
  await page.getByTestId('pick-Intercessor Squad').click();
  await expect(setupField(page, 'attacker.name')).toHaveValue('Intercessor Squad');
  await expect(setupField(page, 'attacker.weapons[0].name')).toHaveValue('Bolt rifle');
  await expect(setupField(page, 'attacker.weapons[0].ap')).toHaveValue('-1');

  await page.getByTestId('roster-setup.defender').click();
  await page.getByTestId('pick-Intercessor Squad').click();
  await expect(setupField(page, 'defender.name')).toHaveValue('Intercessor Squad');
  await expect(setupField(page, 'defender.models[0].count')).toHaveValue('5');
  await expect(setupField(page, 'defender.models[0].wounds')).toHaveValue('2');
  await expect(setupField(page, 'defender.models[0].invulnerable')).toHaveValue('4');
  await expect(page.getByRole('switch', { name: 'Stealth' })).toBeChecked();

  await page.getByTestId('start-combat').click();
  await expect(page.getByTestId('units-defender')).toContainText('Intercessor Squad — 5 of 5 models left');
  await expect(page.getByTestId('units-defender')).toContainText('Stealth (−1 to be hit by ranged attacks)');
  await expect(page.getByTestId('step-needs')).toContainText('Roll 10 D6');
  expect(errors).toEqual([]);
});

test('another tab sees a new roster without reloading', async ({ context }) => {
  const watcher = await context.newPage();
  await watcher.goto('/#/rosters');
  await expect(watcher.getByText('No rosters are stored yet.')).toBeVisible();

  const editor = await context.newPage();
  await rosterWithIntercessors(editor);

  await expect(watcher.getByText('Strike Force Alpha')).toBeVisible();
});
