import { expect, test } from '@playwright/test';
import { newRoster, profileField, setupField } from './flows';

/**
 * Form errors (issue 18): every problem names its field by the labels on screen, from the side
 * down ("Attacker — Halberdiers — Captain — Weapon Skill (WS)"), never by its path in the data,
 * and a form reports all its problems at once.
 */

test('the combat setup lists all its problems at once, each by its labels', async ({ page }) => {
  await page.goto('/#/combat/new/old-world');
  await setupField(page, 'attacker.name').fill('');
  await setupField(page, 'attacker.units[0].name').fill('Halberdiers');
  await page.getByTestId('add-setup.attacker.units[0].characters').click();
  await setupField(page, 'attacker.units[0].characters[0].name').fill('Captain');
  await setupField(page, 'attacker.units[0].characters[0].profile.weaponSkill').fill('');
  await setupField(page, 'defender.units[0].profile.toughness').fill('12');
  await page.getByTestId('start-combat').click();
  await expect(page.getByTestId('setup-error')).toContainText('3 fields need fixing');
  const list = page.getByTestId('setup-problems');
  await expect(list).toContainText('Attacker — Side (player or army): expected a name');
  await expect(list).toContainText(
    'Attacker — Halberdiers — Captain — Weapon Skill (WS): expected a number from 1 to 10',
  );
  await expect(list).toContainText('Defender — Orc Boyz — Toughness (T): expected a number from 1 to 10');
  await expect(list).not.toContainText('setup.');
  await expect(list).not.toContainText('[0]');
});

test("the roster's unit editor lists the unit's name and its profile's problems together", async ({ page }) => {
  await newRoster(page, 'Empire', { system: 'Warhammer Fantasy Battle 6th edition' });
  await page.getByTestId('add-unit').click();
  await profileField(page, 'models').fill('0');
  await profileField(page, 'toughness').fill('12');
  await page.getByTestId('save-unit').click();
  const problems = page.getByTestId('unit-problems');
  await expect(problems).toContainText('fields need fixing — nothing was saved');
  // The name (checked by the host with the profile now, not on a first try of its own)…
  await expect(problems).toContainText('Unit name: expected a name');
  // …and the profile, in the same list.
  await expect(problems).toContainText('Models: expected a number from 1 to 200');
  await expect(problems).toContainText('T: expected a number from 0 to 10');
  await expect(problems).not.toContainText('profile.');
  await expect(page.getByTestId('unit-name-input')).toHaveAttribute('aria-invalid', 'true');
});
