import { expect, test, type Page } from '@playwright/test';
import { watchConsole } from './support';

/** Creates a roster through the "New roster" dialog and lands on its page. */
async function newRoster(page: Page, name: string, system = 'Warhammer 40,000 10th edition', points = '2000') {
  await page.goto('/#/rosters');
  await page.getByTestId('new-roster').click();
  await page.getByTestId('roster-name').fill(name);
  await page.getByTestId('roster-system').click();
  await page.getByRole('option', { name: system }).click();
  await page.getByTestId('roster-points').fill(points);
  await page.getByTestId('create-roster').click();
  await expect(page).toHaveURL(/#\/rosters\/[^/]+$/);
  await expect(page.getByTestId('roster-title')).toHaveText(name);
}

const field = (page: Page, path: string) => page.getByTestId(`field-profile.${path}`);

/** Fills the first model profile of a 40k 10th edition unit. */
async function fillModels(
  page: Page,
  stats: {
    count: number;
    movement: number;
    toughness: number;
    save: number;
    wounds: number;
    leadership: number;
    objectiveControl: number;
  },
) {
  for (const [key, value] of Object.entries(stats)) await field(page, `models[0].${key}`).fill(String(value));
}

async function addWeapon(
  page: Page,
  i: number,
  w: { name: string; range: string; attacks: string; skill: number; strength: number; ap: number; damage: string },
) {
  await page.getByTestId('add-profile.weapons').click();
  for (const [key, value] of Object.entries(w)) await field(page, `weapons[${i}].${key}`).fill(String(value));
}

/** One complete unit, saved; back on the roster page. */
async function addIntercessors(page: Page) {
  await page.getByTestId('add-unit').click();
  await page.getByTestId('unit-name-input').fill('Intercessor Squad');
  await page.getByTestId('unit-points-input').fill('80');
  await fillModels(page, {
    count: 5,
    movement: 6,
    toughness: 4,
    save: 3,
    wounds: 2,
    leadership: 6,
    objectiveControl: 2,
  });
  await addWeapon(page, 0, {
    name: 'Bolt rifle',
    range: '24',
    attacks: '2',
    skill: 3,
    strength: 4,
    ap: -1,
    damage: '1',
  });
  await page.getByTestId('save-unit').click();
  await expect(page).toHaveURL(/#\/rosters\/[^/]+$/);
}

const roster = (units: object[]) => ({
  id: 'imported-1',
  name: 'Bad force',
  system: 'wh40k-10e',
  pointsLimit: -5,
  notes: '',
  createdAt: '2024-05-01T18:00:00.000Z',
  updatedAt: '2024-05-01T18:00:00.000Z',
  units,
});
const unit = (id: string, name: string, model: object) => ({
  id,
  name,
  points: 10,
  profile: {
    models: [
      { count: 10, movement: 6, toughness: 4, save: 5, wounds: 1, leadership: 7, objectiveControl: 2, ...model },
    ],
  },
  createdAt: '2024-05-01T18:00:00.000Z',
  updatedAt: '2024-05-01T18:00:00.000Z',
});

test.describe('rosters', () => {
  test('a roster with two units, a field refused in words and fixed, still there after a reload', async ({ page }) => {
    const errors = watchConsole(page);
    await newRoster(page, 'Strike Force Alpha');
    await expect(page.getByText('No units yet')).toBeVisible();

    // Unit 1: toughness 40 is refused beside the T field, in words; nothing is saved.
    await page.getByTestId('add-unit').click();
    await page.getByTestId('unit-name-input').fill('Intercessor Squad');
    await page.getByTestId('unit-points-input').fill('80');
    await fillModels(page, {
      count: 5,
      movement: 6,
      toughness: 40,
      save: 3,
      wounds: 2,
      leadership: 6,
      objectiveControl: 2,
    });
    await addWeapon(page, 0, {
      name: 'Bolt rifle',
      range: '24',
      attacks: '2',
      skill: 3,
      strength: 4,
      ap: -1,
      damage: '1',
    });
    await page.getByTestId('save-unit').click();
    const toughness = field(page, 'models[0].toughness');
    await expect(toughness).toHaveAttribute('aria-invalid', 'true');
    await expect(toughness).toHaveAccessibleDescription('expected a number from 1 to 30');
    await expect(page.getByTestId('unit-problems')).toContainText(
      'Model profile 1 — Toughness (T): expected a number from 1 to 30',
    );
    await expect(page).toHaveURL(/\/units\/new$/);
    await toughness.fill('4');
    await page.getByTestId('save-unit').click();
    await expect(page).toHaveURL(/#\/rosters\/[^/]+$/);

    // Unit 2: a melee weapon ("melee" is sent as text, a range as a number).
    await page.getByTestId('add-unit').click();
    await page.getByTestId('unit-name-input').fill('Assault Intercessors');
    await page.getByTestId('unit-points-input').fill('75');
    await fillModels(page, {
      count: 5,
      movement: 6,
      toughness: 4,
      save: 3,
      wounds: 2,
      leadership: 6,
      objectiveControl: 2,
    });
    await addWeapon(page, 0, {
      name: 'Astartes chainsword',
      range: 'melee',
      attacks: '4',
      skill: 3,
      strength: 4,
      ap: -1,
      damage: '1',
    });
    await page.getByTestId('field-profile.weapons[0].abilities.lethalHits').check();
    await page.getByTestId('save-unit').click();
    await expect(page).toHaveURL(/#\/rosters\/[^/]+$/);

    const rows = page.getByTestId('unit-row');
    await expect(rows).toHaveCount(2);
    await page.reload();
    await expect(page.getByTestId('roster-title')).toHaveText('Strike Force Alpha');
    await expect(rows).toHaveCount(2);
    await expect(rows.nth(0)).toContainText('Intercessor Squad');
    await expect(rows.nth(0)).toContainText('T 4 · Sv 3+ · W 2');
    await expect(rows.nth(1)).toContainText('Assault Intercessors');
    await expect(page.getByTestId('roster-points-used')).toHaveText('155 / 2,000 pts');

    // Editing keeps what was saved: the melee range and the ability come back as entered.
    await rows.nth(1).getByRole('link', { name: 'Edit Assault Intercessors' }).click();
    await expect(field(page, 'weapons[0].range')).toHaveValue('melee');
    await expect(page.getByTestId('field-profile.weapons[0].abilities.lethalHits')).toBeChecked();

    await page.goto('/#/rosters');
    await expect(page.getByTestId('roster-card')).toHaveCount(1);
    await expect(page.getByTestId('roster-card')).toContainText('2 units');
    expect(errors).toEqual([]);
  });

  test('export, then import into an empty store in another browser', async ({ page, browser, baseURL }, testInfo) => {
    await newRoster(page, 'Export Force');
    await addIntercessors(page);
    await page.goto('/#/rosters');
    const downloading = page.waitForEvent('download');
    await page.getByTestId('export-all').click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe('combat-companion-rosters.ccroster.json');
    const file = testInfo.outputPath('export.ccroster.json');
    await download.saveAs(file);

    const other = await browser.newContext({ baseURL: baseURL ?? '' });
    try {
      const fresh = await other.newPage();
      await fresh.goto('/#/rosters');
      await expect(fresh.getByText('No rosters are stored yet.')).toBeVisible();
      const choosing = fresh.waitForEvent('filechooser');
      await fresh.getByTestId('import-rosters').click();
      await (await choosing).setFiles(file);
      await expect(fresh.getByTestId('import-done')).toContainText('Export Force (1 unit)');
      await fresh.getByTestId('roster-card').filter({ hasText: 'Export Force' }).click();
      await expect(fresh.getByTestId('roster-title')).toHaveText('Export Force');
      await expect(fresh.getByTestId('unit-row')).toHaveCount(1);
      await expect(fresh.getByTestId('unit-row')).toContainText('Intercessor Squad');
      await expect(fresh.getByTestId('unit-row')).toContainText('1 weapon');
    } finally {
      await other.close();
    }
  });

  test('a file with wrong fields shows every problem with its path and imports nothing', async ({ page }) => {
    await page.goto('/#/rosters');
    const bad = {
      format: 'combat-companion.roster',
      version: 1,
      exportedAt: '2024-05-01T18:30:00.000Z',
      rosters: [roster([unit('u1', 'Boyz', { toughness: 99 }), unit('u2', '', { save: 'three' })])],
    };
    let choosing = page.waitForEvent('filechooser');
    await page.getByTestId('import-rosters').click();
    await (
      await choosing
    ).setFiles({ name: 'bad.ccroster.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(bad)) });
    const list = page.getByTestId('import-problem-list');
    await expect(page.getByTestId('import-problems')).toContainText('bad.ccroster.json has 4 problems');
    await expect(list.getByRole('listitem')).toHaveCount(4);
    await expect(list).toContainText('rosters[0].pointsLimit: expected a number from 0 to 100000');
    await expect(list).toContainText('rosters[0].units[0].profile.models[0].toughness: expected a number from 1 to 30');
    await expect(list).toContainText('rosters[0].units[1].name: expected a name');
    await expect(list).toContainText(
      'rosters[0].units[1].profile.models[0].save: expected a save from 2 to 6, or 7 for none',
    );
    await page.getByRole('button', { name: 'OK' }).click();
    await expect(page.getByText('No rosters are stored yet.')).toBeVisible();
    await expect(page.getByTestId('roster-card')).toHaveCount(0);

    // Not JSON at all: said so plainly, nothing imported.
    choosing = page.waitForEvent('filechooser');
    await page.getByTestId('import-rosters').click();
    await (
      await choosing
    ).setFiles({ name: 'notes.ccroster.json', mimeType: 'application/json', buffer: Buffer.from('this is not json') });
    await expect(page.getByTestId('import-unreadable')).toContainText('notes.ccroster.json: It is not JSON text');
    await page.getByRole('button', { name: 'OK' }).click();
    await expect(page.getByTestId('roster-card')).toHaveCount(0);
  });

  test('importing a roster that is already here asks: replace or keep both', async ({ page }, testInfo) => {
    await newRoster(page, 'Twice Force');
    await addIntercessors(page);
    const downloading = page.waitForEvent('download');
    await page.getByTestId('export-roster').click();
    const file = testInfo.outputPath('twice.ccroster.json');
    await (await downloading).saveAs(file);
    await page.goto('/#/rosters');

    const importIt = async () => {
      const choosing = page.waitForEvent('filechooser');
      await page.getByTestId('import-rosters').click();
      await (await choosing).setFiles(file);
      await expect(page.getByTestId('import-conflict')).toContainText('Twice Force');
    };
    await importIt();
    await page.getByTestId('import-keep-both').click();
    await expect(page.getByTestId('import-done')).toBeVisible();
    await expect(page.getByTestId('roster-card').filter({ hasText: 'Twice Force' })).toHaveCount(2);

    await importIt();
    await page.getByTestId('import-replace').click();
    await expect(page.getByTestId('import-done')).toContainText('Twice Force (1 unit)');
    await expect(page.getByTestId('roster-card').filter({ hasText: 'Twice Force' })).toHaveCount(2);
  });

  test('search, filter, duplicate and delete a roster with its units', async ({ page }) => {
    await newRoster(page, 'Delete Force');
    await addIntercessors(page);
    await page.getByTestId('duplicate-roster').click();
    await expect(page.getByTestId('roster-title')).toHaveText('Delete Force (copy)');
    await expect(page.getByTestId('unit-row')).toHaveCount(1);
    await page.getByTestId('delete-roster').click();
    await expect(page.getByRole('dialog')).toContainText('1 unit will be deleted with it');
    await page.getByTestId('confirm').click();
    await expect(page).toHaveURL(/#\/rosters$/);
    await expect(page.getByTestId('roster-card')).toHaveCount(1);
    await page.getByTestId('roster-search').fill('nothing like it');
    await expect(page.getByText('No roster matches')).toBeVisible();
    await page.getByTestId('roster-search').fill('delete');
    await expect(page.getByTestId('roster-card')).toHaveCount(1);
  });
});
