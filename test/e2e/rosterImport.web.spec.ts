import { readFileSync } from 'node:fs';
import { expect as baseExpect, test, type Page } from '@playwright/test';
import { setupField } from './flows';
import { watchConsole } from './support';

// The host reads and converts the file in its worker: on a busy machine that takes seconds, not milliseconds.
test.describe.configure({ timeout: 90_000 });
const expect = baseExpect.configure({ timeout: 15_000 });

/** A real BattleScribe roster (PrettyScribe's fixture, see test/fixtures/README.md). */
const NECRONS = 'test/fixtures/battlescribe/necrons-10e.rosz';

async function pickFile(page: Page, path: string) {
  const choosing = page.waitForEvent('filechooser');
  await page.getByTestId('import-rosters').click();
  await (await choosing).setFiles(path);
}

/** Drops a file on the window, as a player dragging it from their file manager. */
async function dropFile(page: Page, path: string, name: string) {
  const dataTransfer = await page.evaluateHandle(
    ({ base64, fileName }) => {
      const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
      const transfer = new DataTransfer();
      transfer.items.add(new File([bytes], fileName));
      return transfer;
    },
    { base64: readFileSync(path).toString('base64'), fileName: name },
  );
  await page.dispatchEvent('main', 'dragenter', { dataTransfer });
  await expect(page.getByTestId('drop-overlay')).toBeVisible();
  await page.dispatchEvent('main', 'drop', { dataTransfer });
}

test('a New Recruit / BattleScribe roster is previewed, imported on confirmation, and fights in a 10th edition combat', async ({
  page,
}) => {
  const errors = watchConsole(page);
  await page.goto('/#/rosters');
  await expect(page.getByText('No rosters are stored yet.')).toBeVisible();

  // The preview: what the file holds, converted by the host, before anything is written.
  await pickFile(page, NECRONS);
  const preview = page.getByTestId('import-preview');
  await expect(page.getByRole('dialog', { name: 'Import “Necrons 10e”?' })).toBeVisible();
  await expect(preview).toContainText(
    'A roster for Warhammer 40,000 10th edition from necrons-10e.rosz: 4 units, 1,205 of 2,000 pts. Nothing is saved until you press Import roster.',
  );
  const vault = page.getByTestId('import-preview-unit').filter({ hasText: 'Tesseract Vault' });
  await expect(vault).toContainText('425 pts');
  await expect(vault).toContainText(
    '1 × Tesseract Vault: M 7″ · T 12 · Sv 2+ · W 24 · Ld 7+ · OC 8 · Invulnerable 4+ · Deadly Demise D6+3',
  );
  await expect(vault).toContainText(
    '4 × Tesla sphere: 24″ · A 6 · BS 3+ · S 7 · AP 0 · D 1 · Sustained Hits 2, Anti-FLY 4+',
  );
  await expect(vault.getByTestId('import-preview-check')).toContainText(
    'Check: Invulnerable save 4+ for Tesseract Vault',
  );
  await expect(page.getByTestId('import-preview-unit').filter({ hasText: 'Doom Scythe' })).toContainText(
    'Heavy death ray: 36″ · A 3 · BS 3+ · S 16 · AP -4 · D D6+1 · Sustained Hits D3',
  );

  // Cancel writes nothing.
  await preview.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByTestId('import-preview')).toHaveCount(0);
  await expect(page.getByText('No rosters are stored yet.')).toBeVisible();

  // Confirmed, it is imported as a .ccroster.json would be.
  await pickFile(page, NECRONS);
  await page.getByTestId('import-confirm').click();
  await expect(page.getByTestId('import-done')).toContainText('Necrons 10e (4 units)');
  await page.getByTestId('roster-card').filter({ hasText: 'Necrons 10e' }).click();
  await expect(page.getByTestId('unit-row')).toHaveCount(4);

  // A 10th edition combat with its units: four tesla spheres with Anti-FLY 4+ at a Doom Scythe (FLY).
  await page.goto('/#/combat/new/wh40k-10e');
  await page.getByTestId('roster-setup.attacker').click();
  await page.getByTestId('pick-Tesseract Vault').click();
  await expect(setupField(page, 'attacker.name')).toHaveValue('Tesseract Vault');
  await expect(setupField(page, 'attacker.weapons[0].name')).toHaveValue('Tesla sphere');
  await expect(setupField(page, 'attacker.weapons[0].strength')).toHaveValue('7');
  await expect(setupField(page, 'attacker.weapons[0].abilities.anti.keyword')).toHaveValue('fly');
  await expect(setupField(page, 'attacker.weapons[0].abilities.sustainedHits')).toHaveValue('2');
  await page.getByTestId('roster-setup.defender').click();
  await page.getByTestId('pick-Doom Scythe').click();
  await expect(setupField(page, 'defender.name')).toHaveValue('Doom Scythe');
  await expect(setupField(page, 'defender.models[0].toughness')).toHaveValue('9');
  await expect(setupField(page, 'defender.models[0].wounds')).toHaveValue('12');

  await page.getByTestId('start-combat').click();
  await expect(page.getByTestId('units-defender')).toContainText('Doom Scythe');
  // Four tesla spheres, A 6 each.
  await expect(page.getByTestId('step-needs')).toContainText('Roll 24 D6');
  expect(errors).toEqual([]);
});

test('a roster file dropped on the window is previewed too; one already here asks "replace or keep both"', async ({
  page,
}) => {
  const errors = watchConsole(page);
  await page.goto('/#/rosters');
  await dropFile(page, NECRONS, 'Necrons 10e.rosz');
  await page.getByTestId('import-confirm').click();
  await expect(page.getByTestId('import-done')).toContainText('Necrons 10e (4 units)');

  await dropFile(page, NECRONS, 'Necrons 10e.rosz');
  await expect(page.getByTestId('import-preview-exists')).toContainText('You already have this roster');
  await page.getByTestId('import-confirm').click();
  await expect(page.getByTestId('import-conflict')).toContainText('Necrons 10e');
  await page.getByTestId('import-keep-both').click();
  await expect(page.getByTestId('roster-card').filter({ hasText: 'Necrons 10e' })).toHaveCount(2);
  expect(errors).toEqual([]);
});

test('a hostile or foreign roster file is refused in words and nothing is imported', async ({ page }) => {
  const errors = watchConsole(page);
  await page.goto('/#/rosters');
  await pickFile(page, 'test/fixtures/battlescribe/belakor-aos4-newrecruit.rosz');
  await expect(page.getByTestId('import-unreadable')).toContainText(
    'belakor-aos4-newrecruit.rosz: It is a roster for Age of Sigmar 4.0. Combat Companion imports rosters of',
  );
  await page.getByRole('button', { name: 'OK' }).click();

  await pickFile(page, 'test/fixtures/battlescribe/zip-bomb.rosz');
  // Inflating up to the 10 MB limit takes a moment on a slow machine.
  await expect(page.getByTestId('import-unreadable')).toContainText(
    'zip-bomb.rosz: The roster inside is larger than 10 MB once unzipped',
    { timeout: 30_000 },
  );
  await page.getByRole('button', { name: 'OK' }).click();
  await expect(page.getByText('No rosters are stored yet.')).toBeVisible();
  expect(errors).toEqual([]);
});

test('real rosters of other systems import whole: New Recruit’s 6th definitive edition and a BattleScribe 1.x 7th edition file', async ({
  page,
}) => {
  const errors = watchConsole(page);
  await page.goto('/#/rosters');
  // A New Recruit roster of the "Warhammer Fantasy Battles (6th definitive edition)" data set (test/fixtures/README.md).
  await pickFile(page, 'test/fixtures/battlescribe/whfb6-definitive-lizardmen-newrecruit.ros');
  const preview = page.getByTestId('import-preview');
  await expect(preview).toContainText('4 units, 497 of 500 pts');
  await expect(page.getByTestId('import-preview-unit').filter({ hasText: 'Saurus Warriors' })).toContainText('Sv 5+');
  await page.getByTestId('import-confirm').click();
  await expect(page.getByTestId('import-done')).toContainText('(4 units)');

  // BattleScribe 1.x wrote values in attributes and selections under the force's categories.
  await pickFile(page, 'test/fixtures/battlescribe/wh40k7e-marines-bs1.ros');
  await expect(page.getByTestId('import-preview')).toContainText('3 units, 300 of 1,850 pts');
  await page.getByTestId('import-confirm').click();
  await expect(page.getByTestId('import-done')).toContainText('Ultramarines 7th (BattleScribe 1.x) (3 units)');
  expect(errors).toEqual([]);
});
