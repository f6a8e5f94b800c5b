import { expect, test, type Page } from '@playwright/test';
import { enterDice, profileField } from './flows';
import { watchConsole } from './support';

/**
 * The old-world (WFB 6th edition) wizard end to end with the players' own dice: a charge that
 * the defender survives in round 1 (it loses and holds), a second round it loses badly, a failed
 * break test, a pursuit that catches the fleeing unit. The dice script was run against the
 * engine first (core/combat/engine.ts) to fix every step below.
 */

const diagram = (page: Page, unit: string) => page.locator(`[data-testid="rank-diagram"][data-unit="${unit}"]`);
const deadSquares = (page: Page, unit: string) => diagram(page, unit).locator('[data-state="dead"]');
const stepTitle = (page: Page) => page.getByTestId('step').getByRole('heading', { level: 2 });

async function setUp(page: Page) {
  await page.goto('/#/combat');
  // Offered now, so no longer under "Coming next".
  await expect(page.getByTestId('start-old-world')).toBeVisible();
  await expect(page.getByText('"old world" ranks game')).toHaveCount(0);
  await page.getByTestId('start-old-world').click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(/old world close combat/i);
  // Quick entry: the prefilled charge (20 Halberdiers charging 20 Orc Boyz) plus a captain.
  await page.getByTestId('field-setup.attacker.name').fill('Empire');
  await page.getByTestId('field-setup.attacker.units[0].name').fill('Halberdiers');
  await expect(page.getByTestId('field-setup.attacker.units[0].charged')).toBeChecked();
  await page.getByTestId('add-setup.attacker.units[0].characters').click();
  await page.getByTestId('field-setup.attacker.units[0].characters[0].name').fill('Captain');
  await page.getByTestId('field-setup.attacker.units[0].characters[0].profile.armour').fill('4');
  await page.getByTestId('field-setup.defender.name').fill('Orcs');
  await page.getByTestId('field-setup.defender.units[0].name').fill('Orc Boyz');
  await page.getByTestId('field-setup.defender.units[0].models').fill('20');
  await page.getByTestId('field-setup.defender.units[0].profile.toughness').fill('4');
  await page.getByTestId('field-setup.defender.units[0].profile.armour').fill('5');
  await expect(page.getByTestId('field-setup.insaneCourage')).toBeChecked();
  await page.getByTestId('start-combat').click();
  await expect(page).toHaveURL(/#\/combat\/play\//);
}

test.describe('old world wizard', () => {
  test('a two-round combat with entered dice: hold, then break, flee and caught; undo on the way', async ({ page }) => {
    const errors = watchConsole(page);
    await setUp(page);

    // Both sides' units, each with its rank diagram: 4 ranks of 5, the captain in the front rank.
    await expect(diagram(page, 'Halberdiers')).toHaveAttribute('data-standing', '20');
    await expect(diagram(page, 'Orc Boyz')).toHaveAttribute('data-standing', '20');
    await expect(diagram(page, 'Halberdiers').getByTestId('rank-summary')).toContainText('20 of 20 models · 4 ranks 5 wide · rank bonus +3');
    await expect(diagram(page, 'Halberdiers').getByTestId('rank-summary')).toContainText('US 21');
    await expect(diagram(page, 'Halberdiers').locator('[data-testid^="rank-model-attacker.0.c0"]')).toHaveCount(1);

    // Round 1: the chargers strike first, the captain (I5) before his halberdiers (I3).
    await expect(page.getByTestId('who-acts')).toHaveAttribute('data-role', 'attacker');
    await expect(page.getByTestId('step-needs')).toContainText('3+');
    await enterDice(page, '6 4 1', /Captain attacks Orc Boyz: to hit/);
    // A slip: the wrong dice for the wound roll end the captain's attacks…
    await enterDice(page, '1 1', /Captain attacks Orc Boyz: to wound/);
    await expect(stepTitle(page)).toHaveText(/Halberdiers attack Orc Boyz: to hit/);
    // …undo takes it back.
    await page.getByTestId('undo').click();
    await expect(stepTitle(page)).toHaveText(/Captain attacks Orc Boyz: to wound/);
    await enterDice(page, '5 2', /Captain attacks Orc Boyz: to wound/);
    await expect(page.getByTestId('who-acts')).toHaveAttribute('data-role', 'defender');
    await expect(page.getByTestId('step-needs')).toContainText('6+');
    await enterDice(page, '3', /Orc Boyz: armour saves/);
    // The first casualty comes off the rear rank.
    await expect(diagram(page, 'Orc Boyz')).toHaveAttribute('data-standing', '19');
    await expect(deadSquares(page, 'Orc Boyz')).toHaveCount(1);
    await expect(diagram(page, 'Orc Boyz').getByTestId('rank-model-defender.0.r.19')).toHaveAttribute('data-state', 'dead');
    await expect(diagram(page, 'Orc Boyz').getByTestId('rank-model-defender.0.r.0')).toHaveAttribute('data-state', 'standing');

    await enterDice(page, '4 5 2 1 3', /Halberdiers attack Orc Boyz: to hit/);
    await enterDice(page, '4 1', /Halberdiers attack Orc Boyz: to wound/);
    await enterDice(page, '2', /Orc Boyz: armour saves/);
    await enterDice(page, '6 5 4 4 1', /Orc Boyz attack Halberdiers: to hit/);
    await enterDice(page, '6 5 4 2', /Orc Boyz attack Halberdiers: to wound/);
    await enterDice(page, '6 2 3', /Halberdiers: armour saves/);

    // The combat result: each bonus with its reason.
    await expect(page.getByTestId('step')).toHaveAttribute('data-step-kind', 'outcome');
    await expect(stepTitle(page)).toHaveText('Round 1: combat result');
    const lines = page.getByTestId('outcome-lines');
    await expect(lines).toContainText('Empire: 2 wounds + 3 ranks + 1 outnumber + 1 standard = 7');
    await expect(lines).toContainText('+3 Ranks: Halberdiers: 20 models 5 wide at the start of the round → 4 ranks of 4+ models');
    await expect(lines).toContainText('+1 Outnumber: Unit Strength 19 against 18');
    await expect(lines).toContainText('+1 Standard: Halberdiers has a standard in its front rank');
    await expect(lines).toContainText('Orcs: 2 wounds + 3 ranks + 1 standard = 6');
    await expect(lines).toContainText('Empire win by 1 (7 to 6).');
    await expect(diagram(page, 'Halberdiers')).toHaveAttribute('data-standing', '18');
    await expect(deadSquares(page, 'Halberdiers')).toHaveCount(2);
    await expect(deadSquares(page, 'Orc Boyz')).toHaveCount(2);
    // The diagram and the result agree: +3 this round (ranks counted at its start), +2 as the unit stands now.
    await expect(diagram(page, 'Orc Boyz').getByTestId('rank-summary')).toContainText('18 of 20 models · 4 ranks 5 wide · rank bonus +3');
    await expect(diagram(page, 'Orc Boyz').getByTestId('rank-summary')).toContainText('counted at the start of this round; +2 as it stands now');
    await page.getByTestId('continue').click();

    // Lost by 1: 2D6 + 1 against Ld 7, and the orcs hold.
    await expect(page.getByTestId('who-acts')).toHaveAttribute('data-role', 'defender');
    await expect(page.getByTestId('step-needs')).toContainText('2D6 + 1 ≤ 7');
    await enterDice(page, '3 2', /Orc Boyz: break test/);
    await expect(page.getByTestId('combat-log')).toContainText('Orc Boyz hold');

    // Round over: redress lines, one per line, then on to round 2.
    await expect(page.getByTestId('step')).toHaveAttribute('data-step-kind', 'choose');
    await expect(page.getByTestId('step-prompt')).toContainText('Both sides are still fighting.');
    await expect(page.getByTestId('step-prompt').locator('p')).toHaveCount(3);
    await expect(page.getByTestId('step-prompt')).toContainText('Redress Orc Boyz (18 models): 5 wide: 3 ranks (+2).');
    await page.getByTestId('option-next').click();

    // Round 2: nobody charged now; Initiative order again.
    await enterDice(page, '6 6 5', /Captain attacks Orc Boyz: to hit/);
    await enterDice(page, '6 5 4', /Captain attacks Orc Boyz: to wound/);
    await enterDice(page, '1 2 6', /Orc Boyz: armour saves/);
    await enterDice(page, '6 5 4 3 2', /Halberdiers attack Orc Boyz: to hit/);
    await enterDice(page, '6 5 1', /Halberdiers attack Orc Boyz: to wound/);
    await enterDice(page, '1 1', /Orc Boyz: armour saves/);
    await expect(diagram(page, 'Orc Boyz')).toHaveAttribute('data-standing', '14');
    await expect(deadSquares(page, 'Orc Boyz')).toHaveCount(6);
    await enterDice(page, '1 2 3 4 5', /Orc Boyz attack Halberdiers: to hit/);
    await enterDice(page, '1 2', /Orc Boyz attack Halberdiers: to wound/);

    await expect(stepTitle(page)).toHaveText('Round 2: combat result');
    await expect(lines).toContainText('Empire: 4 wounds + 2 ranks + 1 outnumber + 1 standard = 8');
    await expect(lines).toContainText('+2 Ranks: Halberdiers: 18 models 5 wide at the start of the round → 3 ranks of 4+ models');
    await expect(lines).toContainText('+1 Outnumber: Unit Strength 19 against 14');
    await expect(lines).toContainText('Orcs: 0 wounds + 2 ranks + 1 standard = 3');
    await expect(lines).toContainText('Empire win by 5 (8 to 3).');
    await page.getByTestId('continue').click();

    // Lost by 5: roll 2 or less. 7 breaks them.
    await expect(page.getByTestId('step-needs')).toContainText('2D6 + 5 ≤ 7');
    await enterDice(page, '4 3', /Orc Boyz: break test/);
    await expect(page.getByTestId('combat-log')).toContainText('Orc Boyz break!');
    await expect(diagram(page, 'Orc Boyz')).toHaveAttribute('data-status', 'fled');

    // The winners decide to pursue before the flee roll.
    await expect(page.getByTestId('who-acts')).toHaveAttribute('data-role', 'attacker');
    await expect(stepTitle(page)).toHaveText('Halberdiers: pursue?');
    await page.getByTestId('option-pursue').click();
    await expect(page.getByTestId('who-acts')).toHaveAttribute('data-role', 'defender');
    await enterDice(page, '3 4', /Orc Boyz: flee/);
    await expect(page.getByTestId('step-needs')).toContainText('7" or more catches Orc Boyz');
    await enterDice(page, '5 3', /Halberdiers: pursue Orc Boyz/);
    await expect(page.getByTestId('combat-log')).toContainText('Halberdiers pursue 8" against 7": Orc Boyz caught and destroyed');
    await page.getByTestId('option-clear').click();

    // The final outcome.
    await expect(stepTitle(page)).toHaveText('The combat is over');
    await expect(lines).toContainText(/Empire — Halberdiers: (won and )?pursued: 18 models, Captain \(2W\)\./);
    await expect(lines).toContainText('Orcs — Orc Boyz: broke, fled and was caught: destroyed.');
    await expect(lines).toContainText('Halberdiers pursue 8" and stop in the open.');
    await expect(page.getByTestId('continue')).toHaveCount(0);
    await expect(diagram(page, 'Orc Boyz')).toHaveAttribute('data-status', 'caught and destroyed');
    await expect(diagram(page, 'Orc Boyz').getByTestId('rank-status')).toHaveText('CAUGHT AND DESTROYED');
    await expect(diagram(page, 'Halberdiers').getByTestId('rank-status')).toHaveText('PURSUING');
    expect(errors).toEqual([]);
  });

  test('a unit may direct its attacks at an enemy character in the unit it fights', async ({ page }) => {
    const errors = watchConsole(page);
    await page.goto('/#/combat/new/old-world');
    await page.getByTestId('add-setup.defender.units[0].characters').click();
    await page.getByTestId('field-setup.defender.units[0].characters[0].name').fill('Big Boss');
    // Offered only once the enemy unit has a character.
    await page.getByTestId('field-setup.attacker.units[0].attacksAt').click();
    await page.getByRole('option', { name: 'Big Boss' }).click();
    await page.getByTestId('start-combat').click();
    await expect(page).toHaveURL(/#\/combat\/play\//);
    await expect(stepTitle(page)).toHaveText('Halberdiers attack Big Boss: to hit');
    expect(errors).toEqual([]);
  });

  test('a setup the host refuses names the field beside it', async ({ page }) => {
    await page.goto('/#/combat/new/old-world');
    await page.getByTestId('field-setup.defender.units[0].profile.weaponSkill').fill('');
    await page.getByTestId('field-setup.attacker.units[0].name').fill('');
    await page.getByTestId('start-combat').click();
    await expect(page.getByTestId('setup-error')).toBeVisible();
    await expect(page.getByTestId('field-setup.attacker.units[0].name')).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByTestId('field-setup.defender.units[0].profile.weaponSkill')).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByTestId('item-setup.defender.units[0]').getByText('expected a number from 1 to 10')).toBeVisible();
  });

  test('"From roster" fills a unit: the weapon\'s Strength, command and special rules; where it fights stays', async ({ page }) => {
    const errors = watchConsole(page);
    await page.goto('/#/rosters');
    await page.getByTestId('new-roster').click();
    await page.getByTestId('roster-name').fill('Reikland');
    await page.getByTestId('roster-system').click();
    await page.getByRole('option', { name: 'Warhammer Fantasy Battle 6th edition' }).click();
    await page.getByTestId('create-roster').click();
    await expect(page).toHaveURL(/#\/rosters\/[^/]+$/);
    await page.getByTestId('add-unit').click();
    await page.getByTestId('unit-name-input').fill('Greatswords');
    const stats = { models: 15, movement: 4, weaponSkill: 4, ballisticSkill: 3, strength: 3, toughness: 3, wounds: 1, initiative: 3, attacks: 1, leadership: 8, armour: 5 };
    for (const [key, value] of Object.entries(stats)) await profileField(page, key).fill(String(value));
    await profileField(page, 'troopType').click();
    await page.getByRole('option', { name: 'Infantry (US 1)' }).click();
    await page.getByTestId('add-profile.weapons').click();
    await profileField(page, 'weapons[0].name').fill('Great weapon');
    await profileField(page, 'weapons[0].strengthBonus').fill('2');
    await profileField(page, 'specialRules').fill('Stubborn');
    await profileField(page, 'specialRules').press('Enter');
    await profileField(page, 'standard').check();
    await page.getByTestId('save-unit').click();
    await expect(page).toHaveURL(/#\/rosters\/[^/]+$/);

    await page.goto('/#/combat/new/old-world');
    await page.getByTestId('field-setup.defender.units[0].facing').getByText('Flank').click();
    await page.getByTestId('roster-setup.defender.units[0]').click();
    await page.getByTestId('pick-Greatswords').click();
    await expect(page.getByTestId('field-setup.defender.name')).toHaveValue('Reikland');
    await expect(page.getByTestId('field-setup.defender.units[0].name')).toHaveValue('Greatswords');
    await expect(page.getByTestId('field-setup.defender.units[0].models')).toHaveValue('15');
    await expect(page.getByTestId('field-setup.defender.units[0].profile.strength')).toHaveValue('5');
    await expect(page.getByTestId('field-setup.defender.units[0].profile.weaponSkill')).toHaveValue('4');
    await expect(page.getByTestId('field-setup.defender.units[0].profile.troopType')).toHaveValue('Infantry (US 1)');
    await expect(page.getByTestId('field-setup.defender.units[0].standard')).toBeChecked();
    await expect(page.getByTestId('field-setup.defender.units[0].stubborn')).toBeChecked();
    await expect(page.getByTestId('field-setup.defender.units[0].facing').locator('input[value="flank"]')).toBeChecked();
    await page.getByTestId('start-combat').click();
    await expect(diagram(page, 'Greatswords')).toHaveAttribute('data-standing', '15');
    expect(errors).toEqual([]);
  });
});
