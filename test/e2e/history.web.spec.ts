import { expect, test } from '@playwright/test';
import { watchConsole } from './support';
import { enterDice, setUpChainswordsVsTermagants as setUp } from './flows';

test.describe('history', () => {
  test('a finished combat is listed with its summary and replays step by step', async ({ page }) => {
    const errors = watchConsole(page);
    await setUp(page);
    await enterDice(page, '654321', /hit/i);
    await enterDice(page, '6 2 3', /wound roll/i);
    await enterDice(page, '6 2 1', /saving throws/i);
    await expect(page.getByTestId('outcome-lines')).toContainText('Termagants: 2 models destroyed of 10');

    await page.getByRole('link', { name: 'History' }).click();
    const item = page.getByTestId('history-item').filter({ hasText: 'Assault Intercessors vs Termagants' });
    await expect(item).toHaveCount(1);
    await expect(item).toContainText('2 models destroyed of 10');
    await expect(item).toContainText('Finished');
    await item.getByTestId('history-open').click();
    await expect(page).toHaveURL(/#\/history\/[^/]+$/);

    // The replay opens at the end: the result, two Termagants gone.
    const destroyed = page.getByTestId('units-defender').locator('[data-destroyed="true"]');
    const position = page.getByTestId('replay-position');
    await expect(position).toHaveText(/^After step (\d+) of \1$/);
    await expect(page.getByTestId('replay-outcome-lines')).toContainText('2 models destroyed of 10');
    await expect(destroyed).toHaveCount(2);
    await expect(page.getByTestId('continue-combat')).toHaveCount(0);

    // Back one step at a time until the saving throws: nobody is dead yet, and the dice entered show.
    for (let guard = 0; guard < 10; guard++) {
      const before = await position.textContent();
      await page.getByTestId('replay-previous').click();
      // The position moves at once; the step it shows is read once the host has answered.
      await expect(position).not.toHaveText(before ?? '');
      await expect(page.getByTestId('replay-step')).toHaveAttribute('aria-busy', 'false');
      const title = await page.getByTestId('replay-step').getByRole('heading', { level: 2 }).textContent();
      if (/saving throws/i.test(title ?? '')) break;
    }
    await expect(page.getByTestId('replay-step').getByRole('heading', { level: 2 })).toHaveText(/saving throws/i);
    await expect(destroyed).toHaveCount(0);
    await expect(page.getByTestId('replay-answer')).toContainText('The players rolled: 6 2 1');

    // Forward again: the wounds are lost once more.
    await page.getByTestId('replay-next').click();
    await expect(destroyed).toHaveCount(2);

    // The keyboard moves too: Home goes to the start, End to the end.
    await page.keyboard.press('Home');
    await expect(position).toHaveText('At the start');
    await expect(page.getByTestId('replay-previous')).toBeDisabled();
    await page.keyboard.press('End');
    await expect(destroyed).toHaveCount(2);
    await expect(page.getByTestId('replay-next')).toBeDisabled();
    expect(errors).toEqual([]);
  });

  test('an unfinished combat can be continued, and a stored combat deleted', async ({ page }) => {
    await setUp(page);
    await enterDice(page, '654321', /hit/i);
    await expect(page.getByTestId('step').getByRole('heading', { level: 2 })).toHaveText(/wound roll/i);
    await page.goto('/#/history');
    const item = page.getByTestId('history-item').filter({ hasText: 'Assault Intercessors vs Termagants' });
    await expect(item).toContainText('In progress');
    await item.getByTestId('history-open').click();
    await expect(page.getByTestId('replay-position')).toHaveText('After step 1 of 1');
    await page.getByTestId('continue-combat').click();
    await expect(page).toHaveURL(/#\/combat\/play\//);
    await expect(page.getByTestId('step').getByRole('heading', { level: 2 })).toHaveText(/wound roll/i);

    await page.goto('/#/history');
    await item.getByTestId('history-open').click();
    await page.getByTestId('delete-combat').click();
    await page.getByTestId('confirm').click();
    await expect(page).toHaveURL(/#\/history$/);
    await expect(page.getByText('No combats are stored yet')).toBeVisible();
  });
});
