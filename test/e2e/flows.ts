import { expect, type Page } from '@playwright/test';

/**
 * Player flows several end-to-end specs share: the 10th edition setup of one melee weapon
 * against one group of models, entering dice at a roll step, and a roster made through the
 * Rosters screens.
 */

/**
 * The 10th edition setup opens on its example: five Intercessors' bolt rifles at nine Boys and a
 * Boss Nob (INFANTRY, ORKS). A spec that builds its own attack from there makes it plain first: the
 * weapon carried by one model, one profile of target models, unnamed (the unit's name stands for
 * it), no keywords. What the spec then fills is what it counts on.
 */
export async function plainAttack10e(page: Page) {
  await setupField(page, 'attacker.weapons[0].models').fill('1');
  await page.getByTestId('remove-setup.defender.models[1]').click();
  await expect(page.getByTestId('item-setup.defender.models[1]')).toHaveCount(0);
  await setupField(page, 'defender.models[0].name').fill('');
  await clearTags(page, 'defender.keywords');
}

/** A setup's word list emptied as a player does it: Backspace in its empty box takes the last word away. */
async function clearTags(page: Page, path: string) {
  const box = setupField(page, path);
  const words = page.locator('.mantine-TagsInput-root', { has: box }).locator('.mantine-TagsInput-pill');
  await box.click();
  for (let left = await words.count(); left > 0; left--) await box.press('Backspace');
  await expect(words).toHaveCount(0);
}

export async function setUpChainswordsVsTermagants(
  page: Page,
  opts: { seed?: number; attacker?: string; defender?: string; at?: string } = {},
) {
  // `at`: the app's address when it is not the configured one (a copy served elsewhere).
  await page.goto(`${opts.at ?? '/'}#/combat`);
  await page.getByTestId('start-wh40k-10e').click();
  await plainAttack10e(page);
  await setupField(page, 'attacker.name').fill(opts.attacker ?? 'Assault Intercessors');
  await page.getByText('Fighting (WS)').click();
  await page.getByLabel('Charged this turn').check();
  await setupField(page, 'attacker.weapons[0].name').fill('Astartes chainsword');
  await setupField(page, 'attacker.weapons[0].attacks').fill('6');
  await setupField(page, 'attacker.weapons[0].skill').fill('3');
  await setupField(page, 'attacker.weapons[0].strength').fill('4');
  await setupField(page, 'attacker.weapons[0].ap').fill('-1');
  await setupField(page, 'attacker.weapons[0].damage').fill('1');
  // Abilities sit under the weapon's "Modifiers, re-rolls and abilities".
  await page.getByTestId('more-setup.attacker.weapons[0]').click();
  await setupField(page, 'attacker.weapons[0].abilities.lethalHits').check();
  await setupField(page, 'defender.name').fill(opts.defender ?? 'Termagants');
  await setupField(page, 'defender.models[0].count').fill('10');
  await setupField(page, 'defender.models[0].toughness').fill('3');
  await setupField(page, 'defender.models[0].save').fill('5');
  await setupField(page, 'defender.models[0].wounds').fill('1');
  if (opts.seed !== undefined) await page.getByTestId('seed').fill(String(opts.seed));
  await page.getByTestId('start-combat').click();
  await expect(page).toHaveURL(/#\/combat\/play\//);
}

export async function enterDice(page: Page, faces: string, titlePart: RegExp) {
  const step = page.getByTestId('step');
  await expect(step).toHaveAttribute('data-step-kind', 'roll');
  await expect(step.getByRole('heading', { level: 2 })).toHaveText(titlePart);
  await page.getByTestId('dice-faces').fill(faces);
  await page.getByTestId('dice-faces').press('Enter');
}

/**
 * Enters dice at a roll step that takes several kinds at once, one box per dice group (keyed by the
 * group's id, in the step's order), then Enter at the last box submits them all.
 */
export async function enterDiceGroups(page: Page, groups: Record<string, string>, titlePart: RegExp) {
  const step = page.getByTestId('step');
  await expect(step).toHaveAttribute('data-step-kind', 'roll');
  await expect(step.getByRole('heading', { level: 2 })).toHaveText(titlePart);
  // Every box first (a box may hold dice put back by undo), then Enter at the last submits.
  const ids = Object.keys(groups);
  for (const id of ids) await page.getByTestId(`dice-faces-${id}`).fill(groups[id]!);
  await page.getByTestId(`dice-faces-${ids[ids.length - 1]}`).press('Enter');
}

export const profileField = (page: Page, path: string) => page.getByTestId(`field-profile.${path}`);

/** A field of a combat setup screen, by its path in the setup ("attacker.units[0].name"). */
export const setupField = (page: Page, path: string) => page.getByTestId(`field-setup.${path}`);
/** A new, empty roster made through the "New roster" dialog; lands on its page. */
export async function newRoster(
  page: Page,
  name: string,
  opts: { at?: string; system?: string; points?: string } = {},
) {
  await page.goto(`${opts.at ?? '/'}#/rosters`);
  await page.getByTestId('new-roster').click();
  await page.getByTestId('roster-name').fill(name);
  await page.getByTestId('roster-system').click();
  await page.getByRole('option', { name: opts.system ?? 'Warhammer 40,000 10th edition' }).click();
  await page.getByTestId('roster-points').fill(opts.points ?? '2000');
  await page.getByTestId('create-roster').click();
  await expect(page).toHaveURL(/#\/rosters\/[^/]+$/);
  await expect(page.getByTestId('roster-title')).toHaveText(name);
}
