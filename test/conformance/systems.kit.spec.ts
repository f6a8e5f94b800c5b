import { expect, test, type Page } from '@playwright/test';
import { stepCount } from '../../renderer/src/combat/stepCount';
import { openPrint, playToEnd, printA4 } from '../e2e/printing';
import { watchConsole } from '../e2e/support';
import { checkChoicesInSight, goOn, isOver } from '../e2e/choiceInSight';
import { expectRollInSight, onToRoll, playByTaps } from '../e2e/tableDriver';
import { underTest } from './systems';

/**
 * The conformance kit in the browser: every system of the kit's registry (the app's and the toy
 * dice duel, built in by `npm run build:web-kit`) through the real app — its setup screen from its
 * schema, a whole combat by taps on a tablet within its step target with the odds in sight at every
 * step, the whole combat's odds where it is fought round after round, its print within its page
 * target, and History.
 */
const systems = await underTest();

for (const { id, definition, conformance } of systems) {
  const rounds = !!definition.analysis?.combat;

  test.describe(`${id}`, () => {
    test("at 1280×800 and 820×1180: every option of every choice in sight, the fight's odds at the top of every step", async ({
      page,
    }) => {
      test.setTimeout(240_000);
      const sizes = [
        [1280, 800],
        [820, 1180],
      ] as const;
      await page.setViewportSize({ width: sizes[0][0], height: sizes[0][1] });
      const errors = watchConsole(page);
      await page.goto(`/#/combat/new/${id}`);
      await page.getByTestId('seed').fill('3');
      await page.getByTestId('start-combat').click();
      await expect(page).toHaveURL(/#\/combat\/play\//);
      const checked = await checkChoicesInSight(page, { fight: rounds, sizes });
      test.info().annotations.push({ type: 'choices checked', description: String(checked) });
      expect(errors).toEqual([]);
    });

    if (conformance.pausesBetweenRounds)
      test('paused between rounds: kept, listed in History as paused, reopened at the same step', async ({ page }) => {
        test.setTimeout(240_000);
        const step = page.getByTestId('step');
        let paused = '';
        // A fight that goes on past its first round (a seed or two may end it at once).
        for (let seed = 3; seed < 9 && !paused; seed++) {
          await page.goto(`/#/combat/new/${id}`);
          await page.getByTestId('seed').fill(String(seed));
          await page.getByTestId('start-combat').click();
          await expect(page).toHaveURL(/#\/combat\/play\//);
          paused = await onToPause(page);
        }
        expect(paused, 'no seed reached a round end the players may pause at').not.toBe('');
        await page.getByTestId('pause-combat').click();
        await expect(page).toHaveURL(/#\/history$/);
        await expect(page.getByTestId('history-summary').first()).toContainText(
          /^Paused after round \d+ — round \d+ next turn/,
        );
        await page.getByTestId('history-continue').first().click();
        await expect(step).toHaveAttribute('data-step-id', paused);
      });

    test.describe('on a tablet', () => {
      test.use({ viewport: { width: 820, height: 1180 }, hasTouch: true, isMobile: true });
      test.describe.configure({ timeout: 240_000 });

      test(`a whole combat by taps with entered dice, at most ${conformance.targets.stepsPerRound} steps a round`, async ({
        page,
      }) => {
        const errors = watchConsole(page);
        await page.goto(`/#/combat/new/${id}`);
        // The setup screen is the system's own schema, titled and with its fields, its example filled in.
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        const fields = page.locator('input[data-testid^="field-setup."]');
        await expect(fields.first()).toBeVisible();
        expect(await fields.count()).toBeGreaterThan(0);
        await page.getByTestId('seed').fill('3');
        await page.getByTestId('start-combat').tap();
        await expect(page).toHaveURL(/#\/combat\/play\//);
        const run = await playByTaps(page, 7);
        await expect(page.getByTestId('step-count')).toContainText(stepCount(run.steps, true));
        expect(run.readBack?.afterUndo).toBe(run.readBack?.typed);
        expect(errors).toEqual([]);
        const perRound = run.steps / run.rounds;
        expect(perRound, `${run.steps} steps over ${run.rounds} round(s)`).toBeLessThanOrEqual(
          conformance.targets.stepsPerRound,
        );
      });
    });

    test.describe('on a laptop', () => {
      test.use({ viewport: { width: 1280, height: 800 } });
      test.describe.configure({ timeout: 240_000 });

      test("the first roll's dice box and button are in sight, not under the bar", async ({ page }) => {
        await page.goto(`/#/combat/new/${id}`);
        await page.getByTestId('start-combat').click();
        await onToRoll(page, /./);
        await expectRollInSight(page);
      });

      // The example played to its end, printed and listed in History. With a seed declared that makes
      // the fight last three rounds or more, that one: a long fight's print is the one that can run long.
      const seed = conformance.threeRoundSeed ?? 3;
      test(`played by "Roll for me" (seed ${seed}), printed within its page target a round in both step logs, listed in History`, async ({
        page,
      }) => {
        const fought = await playExample(page, id, seed, rounds);
        if (conformance.threeRoundSeed !== undefined) expect(fought).toBeGreaterThanOrEqual(3);
        for (const steps of ['full', 'compact'] as const) {
          await openPrint(page, steps === 'compact' ? steps : undefined);
          const { pages, text, blankPages } = await printA4(page, `kit-${id}-${steps}`);
          test
            .info()
            .annotations.push({ type: 'pages', description: `${id} ${steps}: ${pages} for ${fought} round(s)` });
          expect(text).toMatch(new RegExp(`\\bseed ${seed}\\b`));
          expect(blankPages, `${steps}: no blank page`).toBe(0);
          expect(pages, `${steps}: ${pages} pages for ${fought} round(s)`).toBeLessThanOrEqual(
            conformance.targets.printPagesPerRound * fought,
          );
        }
        if (rounds) await expect(page.getByTestId(/^sheet-whole-combat/).first()).toBeVisible();
        await page.goto('/#/history');
        await expect(page.getByTestId('history-open').first()).toBeVisible();
        await expect(page.getByText(definition.name).first()).toBeVisible();
      });
    });
  });
}

/** "Roll for me", Continue and the suggested options until the players may pause; the step's id, or '' if the combat ended first. */
async function onToPause(page: Page): Promise<string> {
  const step = page.getByTestId('step');
  for (let guard = 0; guard < 150; guard++) {
    await expect(step).toHaveAttribute('data-step-kind', /roll|choose|outcome/);
    if (await page.getByTestId('pause-combat').count()) return (await step.getAttribute('data-step-id')) ?? '';
    if (await isOver(page)) return '';
    await goOn(page);
  }
  return '';
}

/** Plays the system's example to its end from its setup screen (the seeded rolls, the suggested choices): the rounds fought. */
async function playExample(page: Page, id: string, seed: number, rounds: boolean): Promise<number> {
  await page.goto(`/#/combat/new/${id}`);
  await page.getByTestId('seed').fill(String(seed));
  await page.getByTestId('start-combat').click();
  await expect(page).toHaveURL(/#\/combat\/play\//);
  if (rounds) await expect(page.getByTestId('whole-combat-odds')).toBeVisible({ timeout: 60_000 });
  await playToEnd(page);
  const log = (await page.getByTestId('combat-log').textContent()) ?? '';
  return Math.max(1, ...[...log.matchAll(/\bround (\d+)/gi)].map((m) => Number(m[1])));
}
