import { expect, test, type Page } from '@playwright/test';
import { badUnitsFile, nestedFileText } from '../support/hostile';
import { watchConsole } from './support';

// Issue 26, items 3 and 4, as a player meets them: a broken or hostile .ccroster.json never
// spins, never freezes the page, and says in words what is wrong; nothing is imported.

async function importFile(page: Page, name: string, text: string) {
  const choosing = page.waitForEvent('filechooser');
  await page.getByTestId('import-rosters').click();
  await (await choosing).setFiles({ name, mimeType: 'application/json', buffer: Buffer.from(text) });
}

test.describe('hostile roster files', () => {
  test('a file nested 5,000 levels deep is refused in words, not left spinning', async ({ page }) => {
    const errors = watchConsole(page);
    await page.goto('/#/rosters');
    await importFile(page, 'deep.ccroster.json', nestedFileText(5000));
    await expect(page.getByTestId('import-unreadable')).toContainText(
      'deep.ccroster.json: It is nested more than 32 levels deep',
    );
    await expect(page.getByTestId('import-unreadable')).toContainText('Nothing was imported.');
    await page.getByRole('button', { name: 'OK' }).click();
    await expect(page.getByText('No rosters are stored yet.')).toBeVisible();
    expect(errors).toEqual([]);
  });

  test('300 wrong units: the first screenful of problems is listed, with how many more, and nothing is imported', async ({
    page,
  }) => {
    const errors = watchConsole(page);
    await page.goto('/#/rosters');
    await importFile(page, 'broken.ccroster.json', JSON.stringify(badUnitsFile(2, 150)));
    await expect(page.getByTestId('import-problems')).toContainText('broken.ccroster.json has 300 problems');
    await expect(page.getByTestId('import-problems')).toContainText('(the first 20 are listed)');
    await expect(page.getByTestId('import-problem-list').getByRole('listitem')).toHaveCount(20);
    await expect(page.getByTestId('import-problem-list')).toContainText(
      'rosters[0].units[0].profile.models[0].toughness: expected a number from 1 to 30',
    );
    await expect(page.getByTestId('import-more-problems')).toHaveText('… and 280 more problems after these.');
    await page.getByRole('button', { name: 'OK' }).click();
    await expect(page.getByText('No rosters are stored yet.')).toBeVisible();
    expect(errors).toEqual([]);
  });
});
