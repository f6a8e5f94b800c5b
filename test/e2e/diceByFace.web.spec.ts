import AxeBuilder from '@axe-core/playwright';
import { expect as baseExpect, test, type Page } from '@playwright/test';
import { enterDice, plainAttack10e, setUpChainswordsVsTermagants, setupField } from './flows';
import { watchConsole } from './support';

/**
 * Dice by face (issue 35): a face's count typed outright, so forty dice are six counts; typing and
 * counting share the box, so switching keeps the dice; Ctrl+Z in a box takes back the box's last
 * edit, not the step before. The taps are counted as a player makes them and printed per roll.
 */

// The host works in its worker: on a busy machine a step or an import takes seconds, not milliseconds.
const expect = baseExpect.configure({ timeout: 20_000 });

const laptop = { width: 1280, height: 800 };
const tablet = { width: 820, height: 1180 };
const step = (page: Page) => page.getByTestId('step');

/** A 10th edition fight of forty attacks: one roll of 40 D6 to hit. */
async function fortyDice(page: Page) {
  await page.goto('/#/combat');
  await page.getByTestId('start-wh40k-10e').click();
  await plainAttack10e(page);
  await page.getByText('Fighting (WS)').click();
  await setupField(page, 'attacker.weapons[0].attacks').fill('40');
  await setupField(page, 'attacker.weapons[0].skill').fill('3');
  await page.getByTestId('start-combat').click();
  await expect(page).toHaveURL(/#\/combat\/play\//);
  await expect(step(page)).toHaveAttribute('data-step-kind', 'roll');
  await expect(page.getByTestId('step-needs')).toContainText('Roll 40 D6');
}

/** Forty dice as a player reads them off the table: how many of each face. */
const roll40: Record<number, number> = { 1: 5, 2: 7, 3: 6, 4: 8, 5: 9, 6: 5 };
/** The hit dice in the log, as the app writes them: every face in order. */
const logged = Object.entries(roll40)
  .map(([face, n]) => `${face} `.repeat(n))
  .join('')
  .trim();

test.describe('on a tablet, by touch', () => {
  test.use({ viewport: tablet, hasTouch: true, isMobile: true });

  test('forty dice entered by face in twelve taps', async ({ page }) => {
    const errors = watchConsole(page);
    await fortyDice(page);
    // The way of entering is chosen once (kept for the session), not at each roll.
    await page.getByText('Count each face').tap();
    // No count takes the focus by itself on a touch screen: the number pad would open over the faces.
    await expect(page.getByRole('button', { name: 'One more 1' })).toBeVisible();
    await expect(page.getByTestId('count-1')).not.toBeFocused();
    let taps = 0;
    for (const [face, n] of Object.entries(roll40)) {
      // Tap the face's count, type how many on the number pad: a tap a digit.
      await page.getByTestId(`count-${face}`).tap();
      taps += 1;
      for (const digit of String(n)) {
        await page.keyboard.press(digit);
        taps += 1;
      }
      await expect(page.getByTestId(`count-${face}`)).toHaveValue(String(n));
    }
    await expect(page.getByTestId('dice-tally')).toHaveText(/^40 of 40 dice · 28 pass · 5 critical$/);
    await page.screenshot({ path: 'reports/shots/count-40-tablet.png' });
    await page.getByTestId('submit-dice').tap();
    const submit = 1;
    console.log(`taps per roll, 40 dice by face on a tablet: ${taps} to enter, ${taps + submit} with "Use these dice"`);
    expect(taps).toBeLessThanOrEqual(12);
    await expect(page.getByTestId('combat-log')).toContainText(logged);
    expect(errors).toEqual([]);
  });

  test('one die at a time and five at a time by tapping faces', async ({ page }) => {
    await fortyDice(page);
    await page.getByText('Count each face').tap();
    await page.getByRole('button', { name: 'Five more 4' }).tap();
    await page.getByRole('button', { name: 'One more 4' }).tap();
    await page.getByRole('button', { name: 'One fewer 4' }).tap();
    await page.getByRole('button', { name: 'One more 6' }).tap();
    await expect(page.getByTestId('count-4')).toHaveValue('5');
    await expect(page.getByTestId('count-6')).toHaveValue('1');
    await expect(page.getByTestId('dice-tally')).toContainText('6 of 40 dice: 34 more · 6 pass · 1 critical');
  });
});

test.describe('on a laptop, with the keys', () => {
  test.use({ viewport: laptop });

  test('forty dice by face from the keys: a count, Enter, the next face', async ({ page }) => {
    await fortyDice(page);
    await page.getByText('Count each face').click();
    // The first face's count has the focus as counting starts.
    await expect(page.getByTestId('count-1')).toBeFocused();
    let keys = 0;
    for (const n of Object.values(roll40)) {
      await page.keyboard.type(String(n));
      await page.keyboard.press('Enter');
      keys += String(n).length + 1;
    }
    console.log(`keys per roll, 40 dice by face on a laptop: ${keys} (the last Enter submits)`);
    expect(keys).toBeLessThanOrEqual(12);
    await expect(page.getByTestId('combat-log')).toContainText(logged);
  });

  test('the counts are readable at laptop width, none cut', async ({ page }) => {
    await fortyDice(page);
    await page.getByText('Count each face').click();
    for (const [face, n] of Object.entries(roll40)) await page.getByTestId(`count-${face}`).fill(String(n));
    await page.getByTestId('count-1').fill('123');
    for (const face of [1, 2, 3, 4, 5, 6]) {
      const count = page.getByTestId(`count-${face}`);
      // The whole count shows in its box: the text is no wider than the box.
      const fits = await count.evaluate((el: HTMLInputElement) => el.scrollWidth <= el.clientWidth);
      expect(fits, `count of ${face}s fits its box`).toBe(true);
      // The face and its pass mark fit their button.
      const face1 = page.getByRole('button', { name: `One more ${face}` });
      const label = face1.locator('.mantine-Button-label');
      expect(await label.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
    }
    await page.screenshot({ path: 'reports/shots/count-40-laptop.png' });
    // Every control of the counting named and in contrast (WCAG 2.1 A/AA, serious and critical findings).
    const axe = await new AxeBuilder({ page })
      .include('[data-testid="step"]')
      .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
      .analyze();
    expect(axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual(
      [],
    );
  });
});

for (const size of [laptop, tablet]) {
  test(`switching between typing and counting keeps the dice, both ways (${size.width}×${size.height})`, async ({
    page,
  }) => {
    await page.setViewportSize(size);
    await fortyDice(page);
    await page.getByTestId('dice-faces').fill('3 5 6 1 6');
    await page.getByText('Count each face').click();
    await expect(page.getByTestId('count-6')).toHaveValue('2');
    await expect(page.getByTestId('count-3')).toHaveValue('1');
    await expect(page.getByTestId('dice-tally')).toContainText('5 of 40 dice');
    await page.getByRole('button', { name: 'One more 2' }).click();
    await page.getByTestId('count-4').fill('7');
    await page.screenshot({ path: `reports/shots/switch-count-${size.width}.png` });
    await page.getByText('Type the faces').click();
    await expect(page.getByTestId('dice-faces')).toHaveValue('1 2 3 4444444 5 66');
    await expect(page.getByTestId('dice-tally')).toContainText('13 of 40 dice');
    await page.screenshot({ path: `reports/shots/switch-type-${size.width}.png` });
  });
}

test.describe('Ctrl+Z in a dice box', () => {
  test.use({ viewport: laptop });

  test('takes back what was typed or counted in the box, never the step before', async ({ page }) => {
    await setUpChainswordsVsTermagants(page, { seed: 3 });
    // One step taken, so the combat's Undo has something to take back.
    await page.getByTestId('dice-faces').fill('1 2 3 4 5 6');
    await page.getByTestId('dice-faces').press('Enter');
    await expect(step(page)).toHaveAttribute('data-step-kind', 'roll');
    await expect(page.getByTestId('undo')).toBeEnabled();
    const id = await step(page).getAttribute('data-step-id');
    const box = page.getByTestId('dice-faces');
    await expect(box).toBeFocused();

    await page.keyboard.type('35');
    await page.keyboard.press('ControlOrMeta+z');
    await expect(box).toHaveValue('3');
    await expect(step(page)).toHaveAttribute('data-step-id', id!);
    await page.keyboard.press('ControlOrMeta+Shift+z');
    await expect(box).toHaveValue('35');

    // Counting: the last count taken back, the typed dice still there.
    await page.getByText('Count each face').click();
    await page.getByRole('button', { name: 'One more 6' }).click();
    await expect(page.getByTestId('count-6')).toHaveValue('1');
    await page.keyboard.press('ControlOrMeta+z');
    await expect(page.getByTestId('count-6')).toHaveValue('');
    await expect(page.getByTestId('count-3')).toHaveValue('1');
    await expect(page.getByTestId('count-5')).toHaveValue('1');
    await page.getByTestId('count-4').fill('4');
    await page.getByTestId('count-4').press('ControlOrMeta+z');
    await expect(page.getByTestId('count-4')).toHaveValue('');
    await expect(step(page)).toHaveAttribute('data-step-id', id!);

    // Back to typing: every edit of this step taken back, one at a time; the step stays.
    await page.getByText('Type the faces').click();
    await expect(box).toHaveValue('35');
    await box.press('ControlOrMeta+z');
    await box.press('ControlOrMeta+z');
    await expect(box).toHaveValue('');
    await expect(step(page)).toHaveAttribute('data-step-id', id!);
    // With nothing entered at this step left, Ctrl+Z is the combat's Undo again: the hit roll is back, its dice in the box.
    await box.press('ControlOrMeta+z');
    await expect(step(page)).not.toHaveAttribute('data-step-id', id!);
    await expect(page.getByTestId('dice-faces')).toHaveValue('1 2 3 4 5 6');
  });
});

for (const size of [laptop, tablet]) {
  test(`a roll of two kinds counted by face: Damage D3 and its Feel No Pain dice (${size.width}×${size.height})`, async ({
    page,
  }) => {
    await page.setViewportSize(size);
    await page.goto('/#/combat');
    await page.getByTestId('start-wh40k-10e').click();
    await plainAttack10e(page);
    await setupField(page, 'attacker.weapons[0].name').fill('Weapon');
    await setupField(page, 'attacker.weapons[0].attacks').fill('2');
    await setupField(page, 'attacker.weapons[0].skill').fill('3');
    await setupField(page, 'attacker.weapons[0].strength').fill('8');
    await setupField(page, 'attacker.weapons[0].ap').fill('-1');
    await setupField(page, 'attacker.weapons[0].damage').fill('D3');
    await setupField(page, 'defender.models[0].toughness').fill('4');
    await setupField(page, 'defender.models[0].save').fill('3');
    await setupField(page, 'defender.models[0].count').fill('2');
    await setupField(page, 'defender.models[0].wounds').fill('4');
    await setupField(page, 'defender.models[0].invulnerable').fill('4');
    await setupField(page, 'defender.models[0].feelNoPain').fill('5');
    await page.getByTestId('start-combat').click();
    await expect(page).toHaveURL(/#\/combat\/play\//);
    await enterDice(page, '5 6', /hit roll/i);
    await enterDice(page, '6 6', /wound roll/i);
    await enterDice(page, '1 1', /saving throws/i);
    await expect(step(page).getByRole('heading', { level: 2 })).toHaveText('Weapon: damage');

    await page.getByText('Count each face').click();
    // A D3 has three faces to count; its Feel No Pain dice wait for it.
    await expect(page.getByTestId('face-damage-3')).toBeVisible();
    await expect(page.getByTestId('face-damage-4')).toHaveCount(0);
    await page.getByTestId('count-damage-2').fill('1');
    await page.getByTestId('count-damage-2').press('Enter');
    // Enter goes on past the D3's last face to the Feel No Pain dice, now that they are known.
    await page.getByTestId('count-damage-3').press('Enter');
    await expect(page.getByTestId('count-fnp-1')).toBeFocused();
    await page.keyboard.type('1');
    await page.getByRole('button', { name: 'One more 5 (Feel No Pain' }).click();
    await page.getByRole('button', { name: 'One more 6 (Feel No Pain' }).click();
    await expect(page.getByTestId('dice-tally-fnp')).toContainText('3 of 3 dice · 2 pass');
    await page.screenshot({ path: `reports/shots/count-groups-${size.width}.png` });

    // D3s rolled as D6s and halved: the D3 box counts six faces, and keeps the Feel No Pain dice.
    await page.getByTestId('halve-d3').check();
    await expect(page.getByTestId('face-damage-6')).toBeVisible();
    await page.getByTestId('count-damage-2').fill('');
    await page.getByTestId('count-damage-4').fill('1');
    await expect(page.getByTestId('dice-tally-damage')).toContainText('D3: 2');
    await expect(page.getByTestId('count-fnp-5')).toHaveValue('1');
    await page.getByTestId('submit-dice').click();
    await expect(page.getByTestId('combat-log')).toContainText('4 1 5 6 → 2 1 5 6');
  });
}
