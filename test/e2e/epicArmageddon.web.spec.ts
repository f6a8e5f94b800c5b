import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { enterDice, profileField, setupField } from './flows';
import { watchConsole } from './support';

/**
 * The Epic Armageddon wizard end to end with the players' own dice (issue 11): the prefilled
 * assault (Space Marines charging an Ork warband, Devastators in support) played from the First
 * Strike wave to the Orks withdrawing Broken, with the defender's choice of where hits go (hit by
 * hit, and a whole allocation; none where only one is legal), a Reinforced Armour re-roll chained
 * on its save, supporting fire, the A6 result and the extra hits, and an undo on the
 * way; then its printed summary read back from the PDF. The dice script was played through the
 * engine first to fix every step below. Screens are saved as PNG (EPIC_PNG_DIR, default a temp
 * folder) at the desk's and a tablet's size, for a person to look at.
 */

const pngDir = process.env['EPIC_PNG_DIR'] ?? mkdtempSync(join(tmpdir(), 'cc-epic-png-'));
mkdirSync(pngDir, { recursive: true });

const stepTitle = (page: Page) => page.getByTestId('step').getByRole('heading', { level: 2 });
const unitRow = (page: Page, id: string) => page.getByTestId(`formation-unit-${id}`);
const snap = (page: Page, name: string) => page.screenshot({ path: join(pngDir, `epic-${name}.png`), fullPage: true });

async function choose(page: Page, option: string, title: RegExp) {
  await expect(page.getByTestId('step')).toHaveAttribute('data-step-kind', 'choose');
  await expect(stepTitle(page)).toHaveText(title);
  await page.getByTestId(`option-${option}`).click();
}

/** A roll step of several groups of dice: each group's label checked, its faces typed in its own box, Enter after each (the last submits). */
async function enterGroups(page: Page, title: RegExp, groups: Array<[id: string, label: string, faces: string]>) {
  await expect(page.getByTestId('step')).toHaveAttribute('data-step-kind', 'roll');
  await expect(stepTitle(page)).toHaveText(title);
  for (const [id, label, faces] of groups) {
    await expect(page.getByTestId(`dice-group-${id}`)).toContainText(label);
    await page.getByTestId(`dice-faces-${id}`).fill(faces);
    await page.getByTestId(`dice-faces-${id}`).press('Enter');
  }
}

/** A line of the combat log ("What happened"), by its step's title: outcomes nobody needs to acknowledge are logged, not shown. */
const logRow = (page: Page, title: string) =>
  page
    .getByTestId('combat-log')
    .getByRole('row')
    .filter({ has: page.getByRole('cell', { name: title, exact: true }) });

/** Nothing wider than the window: no sideways scroll at a tablet's width. */
async function noSidewaysScroll(page: Page) {
  const { scroll, client } = await page.evaluate(() => ({
    scroll: document.documentElement.scrollWidth,
    client: document.documentElement.clientWidth,
  }));
  expect(scroll).toBeLessThanOrEqual(client);
}

/** The prefilled assault, started as it stands. */
async function setUp(page: Page, shots: string | null) {
  await page.goto('/#/combat');
  await page.getByTestId('start-epic-armageddon').click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Epic Armageddon — set up the assault');
  // A compact row per unit: the values as datasheets write them, the rest folded under "More".
  await expect(setupField(page, 'defender.units[0].name')).toHaveValue('Boyz');
  await expect(setupField(page, 'defender.units[0].type')).toHaveValue('INF');
  await expect(setupField(page, 'defender.units[2].type')).toHaveValue('WE');
  await expect(setupField(page, 'defender.units[0].engaged')).toHaveValue('Contact');
  await expect(setupField(page, 'defender.units[0].cc')).toHaveAccessibleName('Close Combat (CC)');
  await expect(page.getByTestId('more-setup.defender.units[0]')).toHaveText(
    /Weapons, abilities, cover, DC \(1 in use\)/,
  );
  await expect(setupField(page, 'defender.units[0].cover')).toHaveValue('5');
  await expect(page.getByTestId('more-setup.attacker.units[1]')).toHaveAttribute('aria-expanded', 'false');
  if (shots) {
    await snap(page, `${shots}-setup`);
    await noSidewaysScroll(page);
  }
  await page.getByTestId('start-combat').click();
  await expect(page).toHaveURL(/#\/combat\/play\//);
}

/** The whole assault with the dice the players rolled, checking the picture of both formations as units fall. */
async function playAssault(page: Page, shots: string | null) {
  const shot = async (name: string) => {
    if (!shots) return;
    await snap(page, `${shots}-${name}`);
    await noSidewaysScroll(page);
  };
  // Both formations, nearest first, each unit in its lane; supporting fire apart; Blast markers drawn.
  await expect(page.getByTestId('formation-attacker').locator('[data-testid^="formation-unit-attacker."]')).toHaveCount(
    6,
  );
  await expect(unitRow(page, 'attacker.2')).toHaveAttribute('data-engagement', 'firefight');
  await expect(unitRow(page, 'attacker.support.0.0')).toHaveAttribute('data-engagement', 'support');
  await expect(unitRow(page, 'defender.5')).toHaveAttribute('data-dc-left', '3');
  await expect(page.getByTestId('blast-markers-attacker')).toHaveAttribute('data-count', '1');
  await expect(page.getByTestId('blast-markers-defender')).toHaveAttribute('data-count', '2');
  await expect(page.getByTestId('broken-defender')).toHaveCount(0);

  // A4, the First Strike wave: the Assault Marines' chainswords strike first.
  await expect(page.getByTestId('who-acts')).toHaveAttribute('data-role', 'attacker');
  await expect(page.getByTestId('step-needs')).toContainText('3+');
  await expect(page.getByTestId('step-why')).toContainText('First Strike');
  await shot('roll');
  await enterDice(page, '6 2', /^Space Marines: 2 dice needing 3\+ \(Chainswords of Assault Marines ×2\)$/);
  // The defending player allocates with one question: whole allocations, nearest first as listed
  // offered first, or hit by hit. Hit by hit, the Orks are asked again in each wave.
  await expect(page.getByTestId('who-acts')).toHaveAttribute('data-role', 'defender');
  await expect(page.getByTestId('option-rest')).toContainText('Nearest first, as listed: Boyz #1');
  // Best saves first among the units in base contact: the Nobz; the Battlefortress fights from farther (a firefight).
  await expect(page.getByTestId('option-toughest')).toContainText('Best saves first: Nobz');
  await expect(page.getByTestId('option-byHand')).toContainText('Hit by hit…');
  await shot('choose');
  await choose(page, 'byHand', /^Orks: allocate 1 hit$/);
  // Hit by hit: only units in base contact may take the hit (the Battlefortress is farther).
  await expect(page.getByTestId('option-unit:5')).toHaveCount(0);
  await choose(page, 'unit:0', /^Orks: allocate 1 hit, hit by hit$/);
  await expect(unitRow(page, 'defender.0')).toHaveAttribute('data-hits-taken', '1');
  // Cover 5+ is better than the Boyz' 6+ armour.
  await expect(page.getByTestId('step-why')).toContainText('cover');
  await enterDice(page, '4', /^Orks: saves, 1 die needing 5\+$/);
  await expect(unitRow(page, 'defender.0')).toHaveAttribute('data-destroyed', 'true');

  // The main wave: every other die of both sides in one roll, a group per side and score (Macro-weapon dice apart);
  // one line says how the roll goes, each box what its own dice need.
  await expect(page.getByTestId('step-needs')).toHaveText('Roll 13 D6 in 6 boxes');
  await enterGroups(page, /^Space Marines and Orks: combat attacks, 13 dice$/, [
    ['g0', 'Roll 4 D6 for Space Marines: CC 3+ of Assault Marines ×2, FF 3+ of Tactical Marines ×2', '3 5 4 6'],
    ['g1', 'Roll 1 D6 for Space Marines: FF 4+ of Land Raider', '4'],
    ['g2', 'Roll 1 D6 for Orks: CC 3+ of Nobz', '2'],
    ['g3', 'Roll 1 D6 for Orks: Power klaws of Nobz (Macro-weapon)', '5'],
    ['g4', 'Roll 3 D6 for Orks: CC 4+ of Boyz ×3', '6 1 2'],
    ['g5', 'Roll 3 D6 for Orks: FF 5+ of Battlefortress', '4 1 2'],
  ]);
  // Both sides allocate before any save, and neither has a choice: the Orks' 5 hits fill the units in base
  // contact and the fifth goes to the Battlefortress; the Space Marines' 2 to their two alike Assault Marines.
  await expect(logRow(page, 'Orks: 5 hits allocated')).toContainText('Boyz #2, Boyz #3, Boyz #4, Nobz, Battlefortress');
  await expect(logRow(page, 'Space Marines: 1 Macro-weapon hit and 1 other hit allocated')).toContainText(
    'Assault Marines #1 (Macro-weapon), Assault Marines #2',
  );
  // Allocated: each hit waits for its save in the picture.
  await expect(unitRow(page, 'defender.5')).toHaveAttribute('data-hits-taken', '1');
  // Both sides' saves in one roll, the Battlefortress's Reinforced Armour re-roll chained on (one die for
  // its failed save, its box open once the saves are in); the Macro-weapon hit gets none.
  await expect(page.getByTestId('step-why')).toContainText('Reinforced Armour');
  await expect(page.getByTestId('step-needs')).toHaveText(
    'Roll 6 D6 first in 4 boxes, then one die for each failed save — 2 kinds of dice',
  );
  await enterGroups(page, /^Orks and Space Marines: saves, 6 dice, then a die for each failure$/, [
    ['g0s0', 'Roll 1 D6 for Orks: saves 4+', '5'],
    ['g1s0', 'Roll 1 D6 for Orks: saves 4+, re-rolled if failed', '2'],
    ['g2s0', 'Roll 3 D6 for Orks: saves 5+', '6 1 2'],
    ['g3s0', 'Roll 1 D6 for Space Marines: saves 4+', '2'],
    ['g1s1', 'Roll 1 D6 for Orks: re-rolls 4+', '3'],
  ]);

  // The immediate outcome, logged: casualties of both sides gone together; nobody has won yet.
  await expect(logRow(page, 'Round 1: the outcome of the combat attacks (A4)')).toContainText(
    'No immediate winner: supporting fire (A5), then the assault result (A6).',
  );
  await expect(unitRow(page, 'attacker.0')).toHaveAttribute('data-destroyed', 'true');
  await expect(unitRow(page, 'attacker.1')).toHaveAttribute('data-destroyed', 'true');
  await expect(unitRow(page, 'defender.3')).toHaveAttribute('data-destroyed', 'true');
  await expect(unitRow(page, 'defender.4')).toHaveAttribute('data-hits-saved', '1');
  await expect(unitRow(page, 'defender.5')).toHaveAttribute('data-dc-left', '2');

  // A5: the Devastators' supporting fire; the Orks put the hit on their Nobz with one tap, a whole allocation.
  await enterGroups(page, /^Space Marines: supporting fire, 2 dice$/, [
    ['g0', 'Space Marines: FF 3+ of Devastators: 1 die', '4'],
    ['g1', 'Space Marines: Lascannon of Devastators (Macro-weapon): 1 die', '1'],
  ]);
  await expect(page.getByTestId('option-rest')).toContainText('Nearest first, as listed: Boyz #2');
  await expect(page.getByTestId('option-toughest')).toContainText('Best saves first: Nobz');
  await choose(page, 'toughest', /^Orks: allocate 1 hit$/);
  await enterDice(page, '5', /^Orks: saves, 1 die needing 4\+$/);
  await expect(unitRow(page, 'defender.4')).toHaveAttribute('data-hits-taken', '2');
  await expect(unitRow(page, 'defender.4')).toHaveAttribute('data-hits-saved', '2');
  await expect(unitRow(page, 'defender.5')).toHaveAttribute('data-dc-left', '2');

  // A6: 2D6 each, keep the highest, both sides in one roll; each modifier with its reason.
  const a6 = /^Assault result \(A6\): Space Marines and Orks each roll 2D6 and keep the highest$/;
  await expect(page.getByTestId('step-why')).toContainText('+4 (+1 per enemy unit killed');
  // A slip: the Orks' dice typed wrong make it a draw…
  await enterGroups(page, a6, [
    ['attacker', 'Space Marines: 2D6, keep the highest: 2 dice', '3 5'],
    ['defender', 'Orks: 2D6, keep the highest: 2 dice', '6 6'],
  ]);
  await expect(page.getByTestId('outcome-lines')).toContainText('A draw: another round from A3');
  // …undo takes it back, the dice back in their boxes: only the Orks' are typed again.
  await page.getByTestId('undo').click();
  await expect(stepTitle(page)).toHaveText(a6);
  await expect(page.getByTestId('dice-faces-attacker')).toHaveValue('3 5');
  await page.getByTestId('dice-faces-defender').fill('2 4');
  await page.getByTestId('dice-faces-defender').press('Enter');
  // A win is logged, not shown: the result's arithmetic reads in the log.
  const result = logRow(page, 'Round 1: the assault result (A6)');
  await expect(result).toContainText(
    'Space Marines: highest of 3 and 5 = 5, +4 (4 kills), +1 (enemy has more Blast markers) = 10',
  );
  await expect(result).toContainText(
    'Orks: highest of 2 and 4 = 4, +2 (2 kills), +1 (more units), +1 (1 Inspiring unit) = 8',
  );
  await expect(result).toContainText('Space Marines win the assault: 10 against 8.');
  await expect(result).toContainText(
    'Orks take 2 extra hits (the difference), no saves. Fearless: Battlefortress ignores them.',
  );
  // The odds follow the dice that stand, not the undone ones.
  const now = (fact: RegExp) =>
    page.getByTestId('odds-facts').getByRole('row', { name: fact }).getByRole('cell').last();
  await expect(now(/^Space Marines win the assault/)).toHaveText('100.0%');
  await expect(now(/^Draw/)).toHaveText('0.0%');
  await shot('result');

  // The extra hits take the Boyz and the Nobz (the Battlefortress is Fearless); the Orks are Broken and withdraw.
  await expect(logRow(page, 'Orks: 2 extra hits, no saves')).toContainText('Orks lose Boyz #2, Nobz');
  await expect(unitRow(page, 'defender.1')).toHaveAttribute('data-destroyed', 'true');
  await expect(unitRow(page, 'defender.4')).toHaveAttribute('data-destroyed', 'true');
  await expect(page.getByTestId('broken-defender')).toBeVisible();
  await expect(page.getByTestId('step')).toContainText('Warband withdraws 2 moves');
  await choose(page, 'none', /^Orks: withdrawal \(A7\)$/);

  // The end: what became of every unit, the loser withdrawn, the winner's Blast markers.
  const lines = page.getByTestId('outcome-lines');
  await expect(stepTitle(page)).toHaveText('The assault is over');
  await expect(lines).toContainText('Space Marines win the assault: 10 against 8.');
  await expect(lines).toContainText('Orks — Battlefortress: 2 of 3 DC left.');
  await expect(lines).toContainText('Warband (Orks) is Broken and has withdrawn.');
  await expect(lines).toContainText('Space Marines: 3 Blast markers (2 units lost in the assault).');
  await expect(page.getByTestId('blast-markers-attacker')).toHaveAttribute('data-count', '3');
  await expect(unitRow(page, 'defender.5')).toHaveAttribute('data-destroyed', 'false');
  await expect(page.getByTestId('continue')).toHaveCount(0);
  await shot('end');
}

/** The summary as the PDF Chromium prints, read back by pdftotext (reading order, spaces collapsed). */
async function printedText(page: Page): Promise<string> {
  await page.emulateMedia({ media: 'print' });
  const file = join(mkdtempSync(join(tmpdir(), 'cc-epic-print-')), 'epic.pdf');
  await page.pdf({ path: file, format: 'A4' });
  await page.emulateMedia({ media: 'screen' });
  execFileSync('pdftoppm', ['-png', '-r', '60', file, join(pngDir, 'epic-print')]);
  return execFileSync('pdftotext', [file, '-'], { encoding: 'utf8' }).replace(/\s+/g, ' ');
}

test.describe('Epic Armageddon wizard', () => {
  test('a whole assault with entered dice, the Orks withdrawing Broken; undo on the way; then its printed summary and Markdown', async ({
    page,
  }) => {
    test.setTimeout(180_000);
    const errors = watchConsole(page);
    await setUp(page, 'desk');
    await playAssault(page, 'desk');

    await page.goto('/#/history');
    await page
      .getByTestId('history-item')
      .filter({ hasText: 'Space Marines vs Orks' })
      .getByTestId('history-open')
      .click();
    // The replay draws the same formations.
    await expect(page.getByTestId('formation-defender')).toBeVisible();

    const markdown = page.waitForEvent('download');
    await page.getByTestId('export-markdown').click();
    const md = readFileSync((await (await markdown).path())!, 'utf8');
    expect(md).toContain('- Assault detachment: 5 units · 1 Blast marker');
    expect(md).toContain('- Boyz ×4: infantry · Sv 6+ · CC 4+ · FF 6+ · in base contact · cover 5+');
    expect(md).toContain('- Devastators: supporting fire · FF 3+ · Lascannon (Extra Attacks +1, Macro-weapon)');
    expect(md).toMatch(/\| Orks: allocate 1 hit \| .* \| Chose: Best saves first: Nobz/);
    expect(md).toMatch(
      /\| Space Marines and Orks: combat attacks, 13 dice \| .* \| 3 5 4 6 4 2 5 6 1 2 4 1 2 \| 5 hits on Orks; 1 Macro-weapon hit and 1 other hit on Space Marines · Orks: 5 hits allocated: Boyz #2, Boyz #3, Boyz #4, Nobz, Battlefortress · Space Marines: 1 Macro-weapon hit and 1 other hit allocated: Assault Marines #1 \(Macro-weapon\), Assault Marines #2 \|/,
    );
    expect(md).toContain('Space Marines: highest of 3 and 5 = 5, +4 (4 kills), +1 (enemy has more Blast markers) = 10');
    expect(md).toContain('- Warband (Orks) is Broken and has withdrawn.');
    expect(md).toContain('**Winner:** Space Marines');
    // Folded runs of alike units; supporting fire is never a casualty.
    expect(md).toContain('| Orks | Boyz #1–4 | destroyed |');
    expect(md).not.toMatch(/\| Space Marines \| Devastators/);

    await page.getByTestId('print-combat').click();
    await expect(page).toHaveURL(/#\/print\/combat\//);
    // The sheet drawn before it is printed (the summary comes from the host after the page opens).
    await expect(page.getByTestId('combat-sheet')).toContainText('Warband (Orks) is Broken and has withdrawn.', {
      timeout: 60_000,
    });
    const text = await printedText(page);
    // The formations.
    expect(text).toContain('Assault detachment: 5 units · 1 Blast marker');
    expect(text).toContain('Warband: 6 units · 2 Blast markers');
    expect(text).toContain('Battlefortress: war engine · Sv 4+ · CC 6+ · FF 5+ · DC 3');
    // Every roll with its dice, the choices, the result arithmetic.
    expect(text).toContain('Space Marines: 2 dice needing 3+ (Chainswords of Assault Marines ×2)');
    // The 13 dice in runs of six, in order on the sheet; on paper each run whole (a run may wrap to the next line of its cell).
    await expect(page.getByTestId('sheet-steps')).toContainText('3 5 4 6 4 2 5 6 1 2 4 1 2');
    expect(text).toContain('3 5 4 6 4 2');
    expect(text).toContain('5 6 1 2 4 1');
    expect(text).toContain('Orks and Space Marines: saves, 6 dice, then a die for each failure');
    expect(text).toContain('Chose: Best saves first: Nobz');
    expect(text).toContain(
      'Space Marines: highest of 3 and 5 = 5, +4 (4 kills), +1 (enemy has more Blast markers) = 10',
    );
    expect(text).toContain('Orks: highest of 2 and 4 = 4, +2 (2 kills), +1 (more units), +1 (1 Inspiring unit) = 8');
    // The winner and what became of the loser.
    expect(text).toContain('Space Marines win the assault: 10 against 8.');
    expect(text).toContain('Orks — Boyz ×4: all destroyed');
    expect(text).toContain('Orks — Battlefortress: 2 of 3 DC left.');
    expect(text).toContain('Warband (Orks) is Broken and has withdrawn.');
    expect(text).toContain('Space Marines: 3 Blast markers (2 units lost in the assault).');
    expect(text).not.toContain('6 6'); // the undone slip is not part of the record
    expect(errors).toEqual([]);
  });

  test('at a tablet’s width the same assault reads without sideways scrolling', async ({ page }) => {
    test.setTimeout(180_000);
    await page.setViewportSize({ width: 820, height: 1180 });
    const errors = watchConsole(page);
    await setUp(page, 'tablet');
    await playAssault(page, 'tablet');
    expect(errors).toEqual([]);
  });

  test('a setup the host refuses names each field by its label, beside it and in the list', async ({ page }) => {
    await page.goto('/#/combat/new/epic-armageddon');
    // Two Land Raiders entered as a war engine, and a CC of 7.
    await setupField(page, 'attacker.units[2].type').click();
    await page.getByRole('option', { name: 'WE', exact: true }).click();
    await setupField(page, 'attacker.units[2].count').fill('2');
    await setupField(page, 'defender.units[0].cc').fill('7');
    await page.getByTestId('start-combat').click();
    const list = page.getByTestId('setup-problems');
    await expect(page.getByTestId('setup-error')).toContainText('2 fields need fixing');
    await expect(list).toContainText(
      'Attacker — Land Raider — Units: expected 1: a war engine entry is a single war engine (enter each one separately)',
    );
    await expect(list).toContainText(
      'Defender — Boyz — Close Combat (CC): expected a roll from 2+ to 6+, written as 2 to 6',
    );
    await expect(setupField(page, 'attacker.units[2].count')).toHaveAttribute('aria-invalid', 'true');
    await expect(setupField(page, 'defender.units[0].cc')).toHaveAttribute('aria-invalid', 'true');
    await expect(
      page.getByTestId('item-setup.defender.units[0]').getByText('expected a roll from 2+ to 6+, written as 2 to 6'),
    ).toBeVisible();
    await expect(page).toHaveURL(/#\/combat\/new\/epic-armageddon/);
  });

  test('"Pick the formation from a roster" fills a side with its units and Blast markers; the units are put nearest first; supporting fire entered stays', async ({
    page,
  }) => {
    const errors = watchConsole(page);
    await page.goto('/#/rosters');
    await page.getByTestId('new-roster').click();
    await page.getByTestId('roster-name').fill('Steel Legion');
    await page.getByTestId('roster-system').click();
    await page.getByRole('option', { name: 'Epic Armageddon' }).click();
    await page.getByTestId('create-roster').click();
    await expect(page).toHaveURL(/#\/rosters\/[^/]+$/);
    await page.getByTestId('add-unit').click();
    await page.getByTestId('unit-name-input').fill('Infantry company');
    const guard = { name: 'Guardsmen', count: 6, speed: 15, armour: 7, closeCombat: 6, firefight: 5 };
    for (const [key, value] of Object.entries(guard)) await profileField(page, `units[0].${key}`).fill(String(value));
    await profileField(page, 'units[0].type').click();
    await page.getByRole('option', { name: /^infantry$/i }).click();
    await page.getByTestId('add-profile.units').click();
    const commissar = { name: 'Commissar', count: 1, speed: 15, armour: 6, closeCombat: 4, firefight: 5 };
    for (const [key, value] of Object.entries(commissar))
      await profileField(page, `units[1].${key}`).fill(String(value));
    await profileField(page, 'units[1].type').click();
    await page.getByRole('option', { name: /^infantry$/i }).click();
    for (const rule of ['Inspiring', 'Fearless']) {
      await profileField(page, 'units[1].specialRules').fill(rule);
      await profileField(page, 'units[1].specialRules').press('Enter');
    }
    await profileField(page, 'blastMarkers').fill('3');
    await page.getByTestId('save-unit').click();
    await expect(page).toHaveURL(/#\/rosters\/[^/]+$/);

    await page.goto('/#/combat/new/epic-armageddon');
    await page.getByTestId('roster-setup.attacker').click();
    await page.getByTestId('pick-Infantry company').click();
    await expect(setupField(page, 'attacker.name')).toHaveValue('Steel Legion');
    await expect(setupField(page, 'attacker.formation')).toHaveValue('Infantry company');
    await expect(setupField(page, 'attacker.blastMarkers')).toHaveValue('3');
    await expect(
      page.getByTestId('list-setup.attacker.units').locator('[data-testid^="item-setup.attacker.units["]'),
    ).toHaveCount(2);
    await expect(setupField(page, 'attacker.units[0].name')).toHaveValue('Guardsmen');
    await expect(setupField(page, 'attacker.units[0].count')).toHaveValue('6');
    await expect(setupField(page, 'attacker.units[0].armour')).toHaveValue(''); // 7 on the roster: no save
    await expect(setupField(page, 'attacker.units[1].name')).toHaveValue('Commissar');
    // The roster keeps no supporting fire: the Devastators entered stay.
    await expect(setupField(page, 'attacker.support[0].name')).toHaveValue('Devastators');
    // The Commissar stands nearest the enemy: moved to the top of the list.
    await page.getByTestId('move-up-setup.attacker.units[1]').click();
    await expect(setupField(page, 'attacker.units[0].name')).toHaveValue('Commissar');
    // Its abilities are set, so "More" is open by itself.
    await expect(page.getByTestId('more-setup.attacker.units[0]')).toHaveAttribute('aria-expanded', 'true');
    await expect(setupField(page, 'attacker.units[0].inspiring')).toBeChecked();
    await expect(setupField(page, 'attacker.units[0].fearless')).toBeChecked();

    await page.getByTestId('start-combat').click();
    await expect(page).toHaveURL(/#\/combat\/play\//);
    const attacker = page.getByTestId('formation-attacker');
    await expect(attacker.locator('[data-testid^="formation-unit-attacker."]')).toHaveCount(8);
    await expect(attacker.locator('[data-testid^="formation-entry-"]').first()).toContainText('Commissar');
    await expect(unitRow(page, 'attacker.0')).toHaveAttribute('data-engagement', 'contact');
    await expect(page.getByTestId('blast-markers-attacker')).toHaveAttribute('data-count', '3');
    await expect(attacker).toContainText('Devastators');
    expect(errors).toEqual([]);
  });
});
