import { expect, test, type Page } from '@playwright/test';
import { expectRollInSight, onToRoll } from './tableDriver';

/**
 * Issue 22, "Nothing to scroll for", where a system's own steps ask for it: the longest rolls of
 * the examples, where several parts each roll their attacks through, open with their boxes in
 * sight on a laptop. (Every system's whole combat by taps, and its first roll in sight, are the
 * conformance kit's: test/conformance/systems.kit.spec.ts.)
 */

/**
 * A roll of several parts, each rolled through (to hit, then a die for each hit…): one line above
 * the boxes says how the roll goes, and the first box opens with its own need as its label.
 */
async function expectManyGroupsInSight(page: Page, least: number) {
  const step = page.getByTestId('step');
  // Several parts strike: a box for each part's first dice (a part whose attacks were split between
  // targets has one a target), and dice that follow them still to come.
  await expect(step.locator('input[data-count]').nth(least - 1)).toBeAttached();
  const parts = await step.locator('input[data-count]').count();
  await expect(step.locator('[data-waiting]').first()).toBeAttached();
  await expectRollInSight(page);
  await expect(step.getByTestId('step-needs')).toContainText(`first in ${parts} boxes, then`);
  await expect(step.getByTestId('step-needs')).toBeInViewport({ ratio: 1 });
  // The first box says what its dice need, in sight with it.
  const firstId = ((await step.locator('input[data-count]').first().getAttribute('data-testid')) ?? '').replace(
    'dice-faces-',
    '',
  );
  const need = step.getByTestId(`step-needs-${firstId}`);
  await expect(need).toContainText(/^Roll \d+ D6 for .+ — needs \d\+/);
  await expect(need).toBeInViewport({ ratio: 1 });
}

/**
 * On a laptop (1280×800) a roll step opens with its dice box and its main button in sight, nothing
 * laid over the box (issue 22, "Nothing to scroll for"): the first roll of every system's example,
 * and the longest rolls of the examples, where several parts each roll their attacks through.
 */
test.describe('on a laptop', () => {
  test.use({ viewport: { width: 1280, height: 800 }, hasTouch: false, isMobile: false });
  test('ninth-age: Agility 4, where the Knights, the Captain and the Standard Bearer each roll through, opens with its first box in sight', async ({
    page,
  }) => {
    await page.goto('/#/combat/new/ninth-age');
    await page.getByTestId('seed').fill('3');
    await page.getByTestId('start-combat').click();
    await onToRoll(page, /^Agility 4: Knights, Captain and Standard Bearer strike$/);
    await expectManyGroupsInSight(page, 3);
  });

  test("wh40k-7e: Initiative step 1, the Sergeant's power fist and the Nob's power klaw at the same moment, opens with its first box in sight", async ({
    page,
  }) => {
    await page.goto('/#/combat/new/wh40k-7e');
    await page.getByTestId('seed').fill('3');
    await page.getByTestId('start-combat').click();
    await onToRoll(page, /^Initiative step 1: both units roll to hit and to wound$/);
    await expectManyGroupsInSight(page, 2);
  });
});
