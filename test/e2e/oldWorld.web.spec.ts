import { expect, test, type Page } from '@playwright/test';
import { enterDice, enterDiceGroups, profileField } from './flows';
import { watchConsole } from './support';

/**
 * The old-world (WFB 6th edition) wizard end to end with the players' own dice: a charge that
 * the defender survives in round 1 (it loses and holds), a second round it loses badly, a failed
 * break test, a pursuit that catches the fleeing unit. The dice script was run against the
 * engine first (core/combat/engine.ts) to fix every step below: the captain and his halberdiers,
 * striking one after the other, roll together (a dice group each), the combat result is logged and
 * shown on the break test that follows, and the flee and pursuit dice are one step.
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
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    /Warhammer Fantasy Battle 6th edition close combat/i,
  );
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
    await expect(diagram(page, 'Halberdiers').getByTestId('rank-summary')).toContainText(
      '20 of 20 models · 4 ranks 5 wide · rank bonus +3',
    );
    await expect(diagram(page, 'Halberdiers').getByTestId('rank-summary')).toContainText('US 21');
    await expect(diagram(page, 'Halberdiers').locator('[data-testid^="rank-model-attacker.0.c0"]')).toHaveCount(1);

    // Round 1: the chargers strike first, the captain (I5) and then his halberdiers (I3) with no
    // enemy attack between them, so their dice go in together: a group each (the captain's 3
    // attacks, then the 4 halberdiers beside him in the front rank).
    await expect(page.getByTestId('who-acts')).toHaveAttribute('data-role', 'attacker');
    await expect(page.getByTestId('step-needs')).toContainText('3 D6 for Captain at Orc Boyz (needs 3+)');
    await expect(page.getByTestId('step-needs')).toContainText('4 D6 for Halberdiers at Orc Boyz (needs 4+)');
    await enterDiceGroups(page, { g0: '6 4 1', g1: '4 5 2 1' }, /Captain and Halberdiers attack Orc Boyz: to hit/);
    // A slip: the wrong dice for the wound roll end the chargers' attacks…
    await enterDiceGroups(page, { g0: '1 1', g1: '1 1' }, /Captain and Halberdiers attack Orc Boyz: to wound/);
    await expect(stepTitle(page)).toHaveText(/Orc Boyz attack Halberdiers: to hit/);
    // …undo takes it back.
    await page.getByTestId('undo').click();
    await expect(stepTitle(page)).toHaveText(/Captain and Halberdiers attack Orc Boyz: to wound/);
    await enterDiceGroups(page, { g0: '5 2', g1: '4 1' }, /Captain and Halberdiers attack Orc Boyz: to wound/);
    await expect(page.getByTestId('who-acts')).toHaveAttribute('data-role', 'defender');
    await expect(page.getByTestId('step-needs')).toContainText('6+');
    await enterDiceGroups(page, { g0: '3', g1: '2' }, /Orc Boyz: armour saves/);
    // The casualties come off the rear rank.
    await expect(diagram(page, 'Orc Boyz')).toHaveAttribute('data-standing', '18');
    await expect(deadSquares(page, 'Orc Boyz')).toHaveCount(2);
    await expect(diagram(page, 'Orc Boyz').getByTestId('rank-model-defender.0.r.19')).toHaveAttribute(
      'data-state',
      'dead',
    );
    await expect(diagram(page, 'Orc Boyz').getByTestId('rank-model-defender.0.r.0')).toHaveAttribute(
      'data-state',
      'standing',
    );

    await enterDice(page, '6 5 4 4 1', /Orc Boyz attack Halberdiers: to hit/);
    await enterDice(page, '6 5 4 2', /Orc Boyz attack Halberdiers: to wound/);
    await enterDice(page, '6 2 3', /Halberdiers: armour saves/);

    // The combat result is logged, and the break test that follows shows it: each bonus with its reason.
    const log = page.getByTestId('combat-log');
    await expect(log).toContainText('Round 1: combat result');
    await expect(log).toContainText('Empire win by 1 (7 to 6).');
    await expect(stepTitle(page)).toHaveText(/Orc Boyz: break test/);
    const step = page.getByTestId('step');
    await expect(step).toContainText('Empire: 2 wounds + 3 ranks + 1 outnumber + 1 standard = 7');
    await expect(step).toContainText(
      '+3 Ranks: Halberdiers: 20 models 5 wide at the start of the round → 4 ranks of 4+ models',
    );
    await expect(step).toContainText('+1 Outnumber: Unit Strength 19 against 18');
    await expect(step).toContainText('+1 Standard: Halberdiers has a standard in its front rank');
    await expect(step).toContainText('Orcs: 2 wounds + 3 ranks + 1 standard = 6');
    await expect(step).toContainText('Empire win by 1 (7 to 6).');
    await expect(diagram(page, 'Halberdiers')).toHaveAttribute('data-standing', '18');
    await expect(deadSquares(page, 'Halberdiers')).toHaveCount(2);
    await expect(deadSquares(page, 'Orc Boyz')).toHaveCount(2);
    // The diagram and the result agree: +3 this round (ranks counted at its start), +2 as the unit stands now.
    await expect(diagram(page, 'Orc Boyz').getByTestId('rank-summary')).toContainText(
      '18 of 20 models · 4 ranks 5 wide · rank bonus +3',
    );
    await expect(diagram(page, 'Orc Boyz').getByTestId('rank-summary')).toContainText(
      'counted at the start of this round; +2 as it stands now',
    );

    // Lost by 1: 2D6 + 1 against Ld 7, and the orcs hold.
    await expect(page.getByTestId('who-acts')).toHaveAttribute('data-role', 'defender');
    await expect(page.getByTestId('step-needs')).toContainText('2D6 + 1 ≤ 7');
    await enterDice(page, '3 2', /Orc Boyz: break test/);
    await expect(log).toContainText('Orc Boyz hold');

    // Round over: the result again, then the redress lines, one per line (after the options, which stay in sight); then on to round 2.
    await expect(step).toHaveAttribute('data-step-kind', 'choose');
    const prompt = step;
    await expect(prompt).toContainText('Empire win by 1 (7 to 6).');
    await expect(prompt).toContainText('Both sides are still fighting.');
    await expect(prompt.locator('p', { hasText: /^Redress / })).toHaveCount(2);
    await expect(prompt).toContainText('Redress Orc Boyz (18 models): 5 wide: 3 ranks (+2).');
    await page.getByTestId('option-next').click();

    // Round 2: nobody charged now; Initiative order again, the captain and his halberdiers together.
    await enterDiceGroups(page, { g0: '6 6 5', g1: '6 5 4 3' }, /Captain and Halberdiers attack Orc Boyz: to hit/);
    await enterDiceGroups(page, { g0: '6 5 4', g1: '6 5 1' }, /Captain and Halberdiers attack Orc Boyz: to wound/);
    await enterDiceGroups(page, { g0: '1 2 6', g1: '1 1' }, /Orc Boyz: armour saves/);
    await expect(diagram(page, 'Orc Boyz')).toHaveAttribute('data-standing', '14');
    await expect(deadSquares(page, 'Orc Boyz')).toHaveCount(6);
    await enterDice(page, '1 2 3 4 5', /Orc Boyz attack Halberdiers: to hit/);
    await enterDice(page, '1 2', /Orc Boyz attack Halberdiers: to wound/);

    await expect(log).toContainText('Round 2: combat result');
    await expect(stepTitle(page)).toHaveText(/Orc Boyz: break test/);
    await expect(step).toContainText('Empire: 4 wounds + 2 ranks + 1 outnumber + 1 standard = 8');
    await expect(step).toContainText(
      '+2 Ranks: Halberdiers: 18 models 5 wide at the start of the round → 3 ranks of 4+ models',
    );
    await expect(step).toContainText('+1 Outnumber: Unit Strength 19 against 14');
    await expect(step).toContainText('Orcs: 0 wounds + 2 ranks + 1 standard = 3');
    await expect(step).toContainText('Empire win by 5 (8 to 3).');

    // Lost by 5: roll 2 or less. 7 breaks them.
    await expect(page.getByTestId('step-needs')).toContainText('2D6 + 5 ≤ 7');
    await enterDice(page, '4 3', /Orc Boyz: break test/);
    await expect(log).toContainText('Orc Boyz break!');
    await expect(diagram(page, 'Orc Boyz')).toHaveAttribute('data-status', 'fled');

    // The winners decide to pursue before the flee roll.
    await expect(page.getByTestId('who-acts')).toHaveAttribute('data-role', 'attacker');
    await expect(stepTitle(page)).toHaveText('Halberdiers: pursue?');
    await page.getByTestId('option-pursue').click();
    // The flee roll and the pursuers' roll are made at the same moment: one step, a group each.
    await expect(page.getByTestId('who-acts')).toHaveAttribute('data-role', 'defender');
    await expect(page.getByTestId('step-needs')).toContainText('2 D6 for Orc Boyz flee');
    await expect(page.getByTestId('step-needs')).toContainText('2 D6 for Halberdiers pursue');
    await expect(page.getByTestId('step-why')).toContainText(
      'equal to or greater than the flee roll catches and destroys the fleeing unit',
    );
    await enterDiceGroups(page, { flee0: '3 4', pursue0: '5 3' }, /Orc Boyz: flee and pursuit/);
    await expect(log).toContainText('Orc Boyz flee 7"; Halberdiers pursue 8": Orc Boyz caught and destroyed');

    // The final outcome: where the pursuit ends is for the table, not asked.
    await expect(stepTitle(page)).toHaveText('The combat is over');
    const lines = page.getByTestId('outcome-lines');
    await expect(lines).toContainText(/Empire — Halberdiers: (won and )?pursued: 18 models, Captain \(2W\)\./);
    await expect(lines).toContainText('Orcs — Orc Boyz: broke, fled and was caught: destroyed.');
    await expect(lines).toContainText('Halberdiers pursue 8"');
    await expect(lines).toContainText('Round 2: Empire win by 5 (8 to 3).');
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
    await expect(page.getByTestId('field-setup.defender.units[0].profile.weaponSkill')).toHaveAttribute(
      'aria-invalid',
      'true',
    );
    await expect(
      page.getByTestId('item-setup.defender.units[0]').getByText('expected a number from 1 to 10'),
    ).toBeVisible();
  });

  test('"From roster" fills a unit: the weapon\'s Strength, command and special rules; where it fights stays', async ({
    page,
  }) => {
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
    const stats = {
      models: 15,
      movement: 4,
      weaponSkill: 4,
      ballisticSkill: 3,
      strength: 3,
      toughness: 3,
      wounds: 1,
      initiative: 3,
      attacks: 1,
      leadership: 8,
      armour: 5,
    };
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
    // The model's own Strength; the great weapon is chosen beside it and adds its +2 when it counts.
    await expect(page.getByTestId('field-setup.defender.units[0].profile.strength')).toHaveValue('3');
    await expect(page.getByTestId('field-setup.defender.units[0].profile.weapon')).toHaveValue(
      'Great weapon (+2 Strength, strikes last)',
    );
    await expect(page.getByTestId('field-setup.defender.units[0].profile.weaponSkill')).toHaveValue('4');
    await expect(page.getByTestId('field-setup.defender.units[0].profile.troopType')).toHaveValue('Infantry (US 1)');
    await expect(page.getByTestId('field-setup.defender.units[0].standard')).toBeChecked();
    await expect(page.getByTestId('field-setup.defender.units[0].stubborn')).toBeChecked();
    await expect(
      page.getByTestId('field-setup.defender.units[0].facing').locator('input[value="flank"]'),
    ).toBeChecked();
    await page.getByTestId('start-combat').click();
    await expect(diagram(page, 'Greatswords')).toHaveAttribute('data-standing', '15');
    expect(errors).toEqual([]);
  });
});
