import { expect, test } from '@playwright/test';
import { resolveScenario } from '../../core/scenario/resolve';
import { readScenario } from '../../core/scenario/scenario';
import { systems } from '../../core/systems';
import { watchConsole } from './support';
import { enterDice, setUpChainswordsVsTermagants as setUp, setupField } from './flows';

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

  test('an attack too large to count exactly still plays; the odds panel says plainly there are no odds', async ({ page }) => {
    await page.goto('/#/combat');
    await page.getByTestId('start-wh40k-10e').click();
    await setupField(page, 'attacker.weapons[0].models').fill('100');
    await setupField(page, 'attacker.weapons[0].attacks').fill('20D6+999');
    await setupField(page, 'attacker.weapons[0].damage').fill('2D6');
    await setupField(page, 'defender.models[0].count').fill('100');
    await setupField(page, 'defender.models[0].wounds').fill('100');
    await page.getByTestId('start-combat').click();
    await expect(page).toHaveURL(/#\/combat\/play\//);
    // The step is there at once; the odds follow on their own request and say why there are none.
    await expect(page.getByTestId('step')).toHaveAttribute('data-step-kind', 'roll');
    await expect(page.getByTestId('odds-unavailable')).toContainText(/No exact odds for this combat\. Up to \d+ attacks against 100 models with 10000 wounds in all: too many outcomes to count exactly/);
    await expect(page.getByTestId('odds-panel')).toHaveCount(0);
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
        attacker: { name: 'Assault Intercessors', ranged: false, charged: true, weapons: [{ name: 'Astartes chainsword', attacks: '6', skill: 3, strength: 4, ap: -1, damage: '1', abilities: { lethalHits: true } }] },
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
