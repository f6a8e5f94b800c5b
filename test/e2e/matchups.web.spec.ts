import { expect, test, type Page } from '@playwright/test';
import { watchConsole } from './support';

// Issue 37: "which of my units should charge which of theirs" — the matchup table, from a roster
// and from the setup screen, filled while a combat is open in another tab.

const at = '2024-05-01T18:00:00.000Z';
const oldWorld = (changes: Record<string, unknown>) => ({
  models: 20,
  movement: 4,
  weaponSkill: 3,
  ballisticSkill: 3,
  strength: 3,
  toughness: 3,
  wounds: 1,
  initiative: 3,
  attacks: 1,
  leadership: 7,
  armour: 5,
  ward: null,
  troopType: 'infantry',
  rankWidth: 5,
  standard: true,
  musician: true,
  weapons: [{ name: 'Halberd', strengthBonus: 1, armourPiercing: 1 }],
  specialRules: ['Close Order'],
  ...changes,
});
const marines = (weapons: unknown[]) => ({
  keywords: ['Infantry'],
  models: [
    { name: 'Marine', count: 5, movement: 6, toughness: 4, save: 3, wounds: 2, leadership: 6, objectiveControl: 2 },
  ],
  weapons,
});
const boltRifle = { name: 'Bolt rifle', models: 5, range: 24, attacks: 2, skill: 3, strength: 4, ap: -1, damage: 1 };
const chainsword = {
  name: 'Chainsword',
  models: 5,
  range: 'melee',
  attacks: 4,
  skill: 3,
  strength: 4,
  ap: -1,
  damage: 1,
};
const fists = {
  name: 'Close combat weapon',
  models: 5,
  range: 'melee',
  attacks: 3,
  skill: 3,
  strength: 4,
  ap: 0,
  damage: 1,
};

const roster = (id: string, name: string, system: string, units: Array<[string, unknown]>) => ({
  id,
  name,
  system,
  pointsLimit: null,
  notes: '',
  createdAt: at,
  updatedAt: at,
  units: units.map(([unitName, profile], i) => ({
    id: `${id}-u${i}`,
    name: unitName,
    points: null,
    notes: '',
    profile,
    createdAt: at,
    updatedAt: at,
  })),
});

const file = {
  format: 'combat-companion.roster',
  version: 2,
  exportedAt: at,
  rosters: [
    roster('empire', 'Empire', 'old-world', [
      ['Militia', oldWorld({ weaponSkill: 2 })],
      ['Halberdiers', oldWorld({})],
      ['Greatswords', oldWorld({ weaponSkill: 4, strength: 4 })],
    ]),
    roster('orcs', 'Orcs', 'old-world', [
      ['Orc Boyz', oldWorld({ toughness: 4 })],
      ['Big Uns', oldWorld({ weaponSkill: 4, strength: 4, toughness: 4 })],
    ]),
    roster('alpha', 'Strike Force', 'wh40k-10e', [
      ['Intercessors', marines([boltRifle, fists])],
      ['Assault Squad', marines([chainsword])],
      ['Hellblasters', marines([{ ...boltRifle, name: 'Plasma incinerator', strength: 7, ap: -2 }, fists])],
    ]),
    roster('traitors', 'Traitors', 'wh40k-10e', [
      ['Chaos Marines', marines([boltRifle, chainsword])],
      [
        'Cultists',
        {
          ...marines([fists]),
          models: [
            {
              name: 'Cultist',
              count: 10,
              movement: 6,
              toughness: 3,
              save: 6,
              wounds: 1,
              leadership: 7,
              objectiveControl: 1,
            },
          ],
        },
      ],
    ]),
  ],
};

async function importRosters(page: Page) {
  await page.goto('/#/rosters');
  const choosing = page.waitForEvent('filechooser');
  await page.getByTestId('import-rosters').click();
  await (
    await choosing
  ).setFiles({
    name: 'club.ccroster.json',
    mimeType: 'application/json',
    buffer: Buffer.from(JSON.stringify(file)),
  });
  await expect(page.getByTestId('import-done')).toBeVisible({ timeout: 30_000 });
}

async function pick(page: Page, testId: string, option: RegExp) {
  await page.getByTestId(testId).click();
  await page.getByRole('option', { name: option }).click();
}

test('from a roster: the table fills with a progress line, a cell opens its detail and starts the combat, a combat open meanwhile', async ({
  page,
  context,
}) => {
  test.setTimeout(240_000);
  await page.setViewportSize({ width: 1280, height: 800 });
  const errors = watchConsole(page);
  await importRosters(page);
  // A combat open in another tab all along.
  const other = await context.newPage();
  await other.goto('/#/combat/new/old-world');
  await other.getByTestId('start-combat').click({ timeout: 30_000 });
  await expect(other).toHaveURL(/#\/combat\/play\//, { timeout: 30_000 });
  await expect(other.getByTestId('step-needs')).toBeVisible({ timeout: 30_000 });

  await page.getByTestId('roster-card').filter({ hasText: 'Empire' }).click();
  await page.getByTestId('compare-roster').click();
  await expect(page).toHaveURL(/#\/matchups\?mine=empire/);
  // Cancel at once: the table stops where it is, saying how far it got; Go on takes it up again.
  // Tapped the moment Cancel shows: the six pairings can be done before a Playwright click has
  // made its checks.
  await page.evaluate(() => {
    const watch = new MutationObserver(() => {
      const cancel = document.querySelector<HTMLButtonElement>('[data-testid="cancel-matchups"]');
      if (!cancel) return;
      watch.disconnect();
      cancel.click();
    });
    watch.observe(document.body, { childList: true, subtree: true });
  });
  await pick(page, 'matchup-theirs', /^Orcs/);
  await expect(page.getByTestId('matchup-progress')).toContainText(
    /Stopped( before any pairing was worked out|: \d of 6 pairings worked out)/,
  );
  await page.getByTestId('resume-matchups').click();
  // Going on: working out again, or already done (what was worked out before is remembered).
  await expect(page.getByTestId('resume-matchups')).toBeHidden();
  await page.screenshot({ path: 'test-results/matchups-filling-1280.png' });
  // The other tab's combat goes on while the table fills: a roll answered, the next step shown.
  const before = await other.getByTestId('step').getAttribute('data-step-id');
  await other.getByTestId('roll-for-me').click();
  await expect(other.getByTestId('step')).not.toHaveAttribute('data-step-id', before ?? '', { timeout: 30_000 });
  await expect(page.getByTestId('matchup-progress')).toBeHidden({ timeout: 180_000 });
  const rows = page.getByTestId('matchup-row');
  await expect(rows).toHaveCount(3);
  // Best first: the Greatswords, the Militia last; every cell has its numbers.
  await expect(rows.first().locator('th')).toHaveText('Greatswords');
  await expect(rows.last().locator('th')).toHaveText('Militia');
  await expect(page.getByTestId('matchup-cell')).toHaveCount(6);
  for (const cell of await page.getByTestId('matchup-cell').all()) await expect(cell).toContainText(/Win [<>]?\d+%/);
  await expect(rows.first()).toContainText('★ Best');
  await page.screenshot({ path: 'test-results/matchups-table-1280.png', fullPage: true });

  await rows.first().getByTestId('matchup-cell').first().click();
  const detail = page.getByTestId('matchup-detail');
  await expect(detail).toContainText('Empire win the fight');
  await expect(detail).toContainText('Orcs win the fight');
  // My charge, told: the figure to decide by, how it most likely goes, the rounds and who breaks.
  const charging = page.getByTestId('matchup-charging');
  await expect(charging).toContainText('Greatswords charge Orc Boyz');
  await expect(page.getByTestId('matchup-charging-figure')).toHaveText(/^Empire win the fight [\d.]+%$/);
  await expect(charging).toContainText(/Most likely .+ \([\d.]+%\)\./);
  await expect(charging).toContainText('Over in round');
  await expect(charging).toContainText(/Orc Boyz: breaks and (gets away|is caught)/);
  // Their charge beside it: the same pair the other way round, still my chance, in its own words.
  const defending = page.getByTestId('matchup-defending');
  await expect(defending).toContainText('Orc Boyz charge Greatswords');
  await expect(page.getByTestId('matchup-defending-figure')).toHaveText(/^Empire win the fight [\d.]+%$/);
  // Above both ways, what charging is worth to my side (or that it changes nothing here).
  await expect(page.getByTestId('matchup-charge-worth')).toHaveText(
    /^(Charging gains|Being charged suits|Who charges changes nothing)/,
  );
  await expect(defending).toContainText(/Most likely .+ \([\d.]+%\)\./);
  const chargeFigure = (await page.getByTestId('matchup-charging-figure').textContent()) ?? '';
  const theirFigure = (await page.getByTestId('matchup-defending-figure').textContent()) ?? '';
  await page.screenshot({ path: 'test-results/matchups-detail-1280.png' });
  // On a tablet the two ways and what charging is worth still read without sideways scrolling.
  await page.setViewportSize({ width: 820, height: 1180 });
  await expect(page.getByTestId('matchup-charge-worth')).toBeInViewport();
  expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBe(
    0,
  );
  await page.screenshot({ path: 'test-results/matchups-detail-820.png' });
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.getByTestId('start-matchup').click();
  await expect(page).toHaveURL(/#\/combat\/new\/old-world/);
  await expect(page.getByTestId('field-setup.attacker.units[0].name')).toHaveValue('Greatswords');
  await page.getByTestId('start-combat').click();
  await expect(page.getByTestId('step-needs')).toBeVisible({ timeout: 30_000 });
  // The combat started from the cell shows the cell's figure at the top of its first step, before any die.
  const headline = page.getByTestId('fight-headline');
  await expect(headline).toHaveAttribute('data-exact', 'true', { timeout: 30_000 });
  await expect(headline).toContainText(`${chargeFigure} · Orcs `);

  // Their charge, started from the same cell: their unit attacks, and the fight reads my chance as the detail gave it.
  await page.goto('/#/matchups?mine=empire&theirs=orcs');
  await expect(page.getByTestId('matchup-progress')).toBeHidden({ timeout: 180_000 });
  await page.getByTestId('matchup-row').first().getByTestId('matchup-cell').first().click();
  await page.getByTestId('start-matchup-defending').click();
  await expect(page).toHaveURL(/#\/combat\/new\/old-world/);
  await expect(page.getByTestId('field-setup.attacker.units[0].name')).toHaveValue('Orc Boyz');
  await expect(page.getByTestId('field-setup.defender.units[0].name')).toHaveValue('Greatswords');
  await page.getByTestId('start-combat').click();
  await expect(headline).toHaveAttribute('data-exact', 'true', { timeout: 30_000 });
  await expect(headline).toContainText(` · ${theirFigure.replace('Empire win the fight', 'Empire')}`);
  expect(errors).toEqual([]);
});

test('from the setup screen on a tablet: 10th edition fighting or shooting, Copy as Markdown', async ({
  page,
  context,
}) => {
  test.setTimeout(120_000);
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.setViewportSize({ width: 820, height: 1180 });
  const errors = watchConsole(page);
  await importRosters(page);
  await page.goto('/#/combat/new/wh40k-10e');
  await page.getByTestId('compare-rosters').click();
  await expect(page).toHaveURL(/#\/matchups\?system=wh40k-10e/);
  await pick(page, 'matchup-mine', /^Strike Force/);
  await pick(page, 'matchup-theirs', /^Traitors/);
  await expect(page.getByTestId('matchup-cell')).toHaveCount(6);
  await expect(page.getByTestId('matchup-progress')).toBeHidden({ timeout: 60_000 });
  await expect(page.getByText('Fighting (melee weapons)')).toBeVisible();
  await expect(page.getByTestId('matchup-row').first().locator('th')).toHaveText('Assault Squad');
  await expect(page.getByTestId('matchup-cell').first()).toContainText(/Wipe out [<>]?\d+%/);
  await page.screenshot({ path: 'test-results/matchups-fighting-820.png', fullPage: true });

  await page.getByText('Shooting (ranged weapons)').click();
  await expect(page).toHaveURL(/mode=shooting/);
  await expect(page.getByTestId('matchup-progress')).toBeHidden({ timeout: 60_000 });
  // The Assault Squad has no guns: its cells say so, and it goes last.
  const last = page.getByTestId('matchup-row').last();
  await expect(last.locator('th')).toHaveText('Assault Squad');
  await expect(last.getByTestId('matchup-cell').first()).toHaveText('no odds');
  await last.getByTestId('matchup-cell').first().click();
  await expect(page.getByTestId('matchup-detail')).toContainText('expected at least one weapon');
  await page.keyboard.press('Escape');
  await page.screenshot({ path: 'test-results/matchups-shooting-820.png', fullPage: true });

  await page.getByTestId('copy-matchups').click();
  await expect(page.getByText('Copied the table as Markdown.')).toBeVisible();
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  expect(copied.split('\n')[0]).toBe('| Strike Force ↓ against Traitors → (shooting) | Chaos Marines | Cultists |');
  expect(errors).toEqual([]);
});

test('a 12 × 12 table prints on one A4 landscape page', async ({ page }) => {
  test.setTimeout(180_000);
  const squad = (i: number) => marines([{ ...chainsword, attacks: 2 + (i % 4) }]);
  const big = {
    ...file,
    rosters: [
      roster(
        'twelve-a',
        'Twelve A',
        'wh40k-10e',
        Array.from({ length: 12 }, (_, i) => [`Squad ${i + 1}`, squad(i)]),
      ),
      roster(
        'twelve-b',
        'Twelve B',
        'wh40k-10e',
        Array.from({ length: 12 }, (_, i) => [`Mob ${i + 1}`, squad(i + 1)]),
      ),
    ],
  };
  await page.goto('/#/rosters');
  const choosing = page.waitForEvent('filechooser');
  await page.getByTestId('import-rosters').click();
  await (
    await choosing
  ).setFiles({ name: 'twelve.ccroster.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(big)) });
  await expect(page.getByTestId('import-done')).toBeVisible({ timeout: 30_000 });
  await page.goto('/#/matchups?mine=twelve-a&theirs=twelve-b');
  await expect(page.getByTestId('matchup-cell')).toHaveCount(144);
  await expect(page.getByTestId('matchup-progress')).toBeHidden({ timeout: 150_000 });
  await page.emulateMedia({ media: 'print' });
  await page.screenshot({ path: 'test-results/matchups-print-12x12.png', fullPage: true });
  const pdf = await page.pdf({ preferCSSPageSize: true, printBackground: true });
  const pages = pdf.toString('latin1').match(/\/Type\s*\/Page[^s]/g) ?? [];
  expect(pages).toHaveLength(1);
  // Landscape: the page's box is wider than it is high (A4: 842 × 595 points).
  const box = /\/MediaBox\s*\[\s*0 0 ([\d.]+) ([\d.]+)\s*\]/.exec(pdf.toString('latin1'));
  expect(Number(box?.[1])).toBeGreaterThan(Number(box?.[2]));
});
