import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { analyzeSetup10e } from '../../core/systems/wh40k-10e/analysis';
import { setupSchema } from '../../core/systems/wh40k-10e/profiles';
import { resolveScenario } from '../../core/scenario/resolve';
import { readScenario } from '../../core/scenario/scenario';
import { systems } from '../../core/systems';
import { watchConsole } from './support';
import { enterDice, plainAttack10e, setUpChainswordsVsTermagants as setUp, setupField } from './flows';

test.describe('40k 10th edition wizard', () => {
  test('a full combat with entered dice reaches the known result, and undo goes back one screen', async ({ page }) => {
    const errors = watchConsole(page);
    await setUp(page);
    await expect(page.getByTestId('who-acts')).toHaveAttribute('data-role', 'attacker');
    // WS 3+ needs 3+; the tally counts what the players typed before they submit.
    await expect(page.getByTestId('step-needs')).toContainText('needs 3+');
    await page.getByTestId('dice-faces').fill('654321');
    await expect(page.getByTestId('dice-tally')).toHaveText('6 of 6 dice · 4 pass · 1 critical');
    await page.getByTestId('dice-faces').press('Enter');

    // 4 hits, the critical wounds automatically (Lethal Hits): 3 wound rolls, S4 vs T3 → 3+.
    await enterDice(page, '6 2 3', /wound roll/i);
    await expect(page.getByTestId('odds-panel')).toBeVisible();
    await enterDice(page, '6 2 1', /saving throws/i);
    await expect(page.getByTestId('outcome-lines')).toContainText('Termagants: 2 models destroyed of 10');
    await expect(page.getByTestId('units-defender').locator('[data-destroyed="true"]')).toHaveCount(2);
    await expect(page.getByTestId('odds-percentile')).toBeVisible();

    // Undo: back to the saving throws, with nobody dead yet.
    await page.getByTestId('undo').click();
    await expect(page.getByTestId('step').getByRole('heading', { level: 2 })).toHaveText(/saving throws/i);
    await expect(page.getByTestId('units-defender').locator('[data-destroyed="true"]')).toHaveCount(0);
    await expect(page.getByTestId('who-acts')).toHaveAttribute('data-role', 'defender');
    // Entered again differently: one more save passes.
    await enterDice(page, '6 6 1', /saving throws/i);
    await expect(page.getByTestId('outcome-lines')).toContainText('1 model destroyed of 10');
    expect(errors).toEqual([]);
  });

  test('an attack too large to count exactly still plays; the odds panel says plainly there are no odds', async ({
    page,
  }) => {
    await page.goto('/#/combat');
    await page.getByTestId('start-wh40k-10e').click();
    await plainAttack10e(page);
    await setupField(page, 'attacker.weapons[0].models').fill('100');
    await setupField(page, 'attacker.weapons[0].attacks').fill('20D6+999');
    await setupField(page, 'attacker.weapons[0].damage').fill('2D6');
    await setupField(page, 'defender.models[0].count').fill('100');
    await setupField(page, 'defender.models[0].wounds').fill('100');
    await page.getByTestId('start-combat').click();
    await expect(page).toHaveURL(/#\/combat\/play\//);
    // The step is there at once; the odds follow on their own request and say why there are none.
    await expect(page.getByTestId('step')).toHaveAttribute('data-step-kind', 'roll');
    await expect(page.getByTestId('odds-unavailable')).toContainText(
      /No exact odds for this combat\. Up to \d+ attacks against 100 models with 10000 wounds in all: too many outcomes to count exactly/,
    );
    await expect(page.getByTestId('odds-panel')).toHaveCount(0);
  });

  test("a target with Stealth, a 4++, Feel No Pain and −1 Damage: the steps follow the modifiers, one step takes an attack's Damage and Feel No Pain dice, and D3s can be rolled as halved D6s", async ({
    page,
  }) => {
    const errors = watchConsole(page);
    await page.goto('/#/combat');
    await page.getByTestId('start-wh40k-10e').click();
    await plainAttack10e(page);
    await setupField(page, 'attacker.weapons[0].name').fill('Weapon');
    await setupField(page, 'attacker.weapons[0].attacks').fill('2');
    await setupField(page, 'attacker.weapons[0].skill').fill('3');
    await setupField(page, 'attacker.weapons[0].strength').fill('8');
    await setupField(page, 'attacker.weapons[0].ap').fill('-1');
    await setupField(page, 'attacker.weapons[0].damage').fill('D3');
    await page.getByTestId('more-setup.attacker.weapons[0]').click();
    await expect(page.getByText('Critical Hits and Critical Wounds')).toBeVisible();
    await setupField(page, 'attacker.weapons[0].criticalHitOn').fill('5');
    await setupField(page, 'defender.name').fill('Target unit');
    await setupField(page, 'defender.models[0].count').fill('2');
    await setupField(page, 'defender.models[0].toughness').fill('4');
    await setupField(page, 'defender.models[0].save').fill('3');
    await setupField(page, 'defender.models[0].wounds').fill('4');
    await setupField(page, 'defender.models[0].invulnerable').fill('4');
    await setupField(page, 'defender.models[0].feelNoPain').fill('5');
    await expect(page.getByText('Being hit and saving throws')).toBeVisible();
    await page.getByRole('switch', { name: 'Stealth' }).check();
    await page.getByRole('switch', { name: '−1 Damage' }).check();
    await page.getByTestId('start-combat').click();
    await expect(page).toHaveURL(/#\/combat\/play\//);

    // Hit roll: BS 3+ with Stealth −1 → 4+; a 5 is a Critical Hit.
    await expect(page.getByTestId('step-needs')).toContainText('needs 4+');
    await expect(page.getByTestId('step-why')).toContainText('Stealth −1 → net −1 → 4+');
    await expect(page.getByTestId('step-needs')).toContainText('critical on 5+');
    await enterDice(page, '5 6', /hit roll/i);
    await enterDice(page, '6 6', /wound roll/i);
    // Sv 3+ at AP −1 is 4+, like the 4++: no choice; both saves fail.
    await enterDice(page, '1 1', /saving throws/i);

    // One step: the Damage D3 and its Feel No Pain dice (D3 with −1 Damage: 2 at most).
    const step = page.getByTestId('step');
    await expect(step.getByRole('heading', { level: 2 })).toHaveText('Weapon: damage');
    await expect(page.getByTestId('step-needs')).toContainText('1 D3 for Damage (D3) and 2 D6 for Feel No Pain 5+');
    await page.getByTestId('halve-d3').check();
    await page.getByTestId('dice-faces-damage').fill('6');
    await expect(page.getByTestId('dice-tally-damage')).toContainText('D3: 3');
    await page.getByTestId('dice-faces-damage').press('Enter');
    await expect(page.getByTestId('dice-faces-fnp')).toBeFocused();
    await page.getByTestId('dice-faces-fnp').fill('5 1');
    await page.getByTestId('dice-faces-fnp').press('Enter');
    // 3 − 1 = 2 damage: the 5 is ignored, the 1 is not.
    await expect(page.getByTestId('combat-log')).toContainText('6 5 1 → 3 5 1');
    await expect(page.getByTestId('combat-log')).toContainText(
      "3 → 2 damage after the target's damage modifiers; Target unit 1 loses 1 wound (1 ignored by Feel No Pain)",
    );
    await expect(step.getByRole('heading', { level: 2 })).toHaveText('Weapon: damage');
    await page.getByTestId('roll-for-me').click();
    await expect(page.getByTestId('step')).toHaveAttribute('data-step-kind', 'outcome');

    // The stored combat: the Markdown and the print list each side's modifiers (issue 16), and the
    // printed odds are the exact analysis of the setup that was played, modifiers included.
    await page.goto('/#/history');
    await page.getByTestId('history-item').first().getByTestId('history-open').click();
    const json = page.waitForEvent('download');
    await page.getByTestId('export-json').click();
    const stored = JSON.parse(readFileSync((await (await json).path())!, 'utf8')) as { combat: { setup: unknown } };
    const played = setupSchema.parse(stored.combat.setup);
    expect(played.defender).toMatchObject({ stealth: true, damageReduction: 1 });
    expect(played.attacker.weapons[0]).toMatchObject({ criticalHitOn: 5 });
    const markdown = page.waitForEvent('download');
    await page.getByTestId('export-markdown').click();
    const md = readFileSync((await (await markdown).path())!, 'utf8');
    expect(md).toContain('Critical Hits on 5+');
    expect(md).toContain('Stealth (−1 to be hit by ranged attacks) · −1 Damage');
    await page.getByTestId('print-combat').click();
    const sheet = page.getByTestId('combat-sheet');
    await expect(sheet).toContainText('Critical Hits on 5+');
    await expect(sheet).toContainText('Stealth (−1 to be hit by ranged attacks) · −1 Damage');
    await expect(sheet).toContainText('4++');
    await expect(sheet).toContainText('Feel No Pain 5+');
    const expected = analyzeSetup10e(played).meanModelsDestroyed.toFixed(2);
    await expect(page.getByTestId('sheet-odds')).toContainText(`Expected before any die: ${expected}`);
    expect(errors).toEqual([]);
  });

  test('a wrong number of dice is refused in words and nothing changes', async ({ page }) => {
    await setUp(page);
    await page.getByTestId('dice-faces').fill('6 5 7');
    await expect(page.getByText('"7" is not a face of a D6 (1–6)')).toBeVisible();
    await expect(page.getByTestId('submit-dice')).toBeDisabled();
  });

  test('"Roll for me" with a fixed seed gives exactly what the engine gives for that seed', async ({ page }) => {
    const seed = 4242;
    const scenario = readScenario(
      {
        system: 'wh40k-10e',
        seed,
        attacker: {
          name: 'Assault Intercessors',
          ranged: false,
          charged: true,
          weapons: [
            {
              name: 'Astartes chainsword',
              attacks: '6',
              skill: 3,
              strength: 4,
              ap: -1,
              damage: '1',
              abilities: { lethalHits: true },
            },
          ],
        },
        defender: { name: 'Termagants', models: [{ count: 10, toughness: 3, save: 5, wounds: 1 }] },
      },
      systems,
    );
    if (!scenario.ok) throw new Error(JSON.stringify(scenario.problems));
    const expected = resolveScenario(scenario.scenario);

    await setUp(page, { seed });
    for (let guard = 0; guard < 50; guard++) {
      const step = page.getByTestId('step');
      const kind = await step.getAttribute('data-step-kind');
      const id = await step.getAttribute('data-step-id');
      if (kind === 'roll') await page.getByTestId('roll-for-me').click();
      else if (kind === 'choose') await step.getByRole('button').first().click();
      else if (await page.getByTestId('continue').isVisible()) await page.getByTestId('continue').click();
      else break;
      await expect(page.getByTestId('step')).not.toHaveAttribute('data-step-id', id ?? '');
    }
    for (const line of expected.outcome) await expect(page.getByTestId('outcome-lines')).toContainText(line);
    const rolled = expected.inputs.flatMap((input) => (input.kind === 'roll' ? [input.dice.join(' ')] : []));
    for (const dice of rolled) await expect(page.getByTestId('combat-log')).toContainText(dice);
  });
});
