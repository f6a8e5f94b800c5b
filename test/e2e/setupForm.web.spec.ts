import { registry } from '../../core/systems';
import { mkdirSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { setupField } from './flows';
import { watchConsole } from './support';

/**
 * The one setup screen every rule system shares (built from the system's setup schema): what the
 * host refuses is shown beside each field and listed at once by the labels on screen, and the
 * screen stays usable on a tablet at the table (large targets, nothing cut off, no sideways
 * scroll). Screens are also saved as PNG (SETUP_PNG_DIR, default a temp folder) for a person to see.
 */

const pngDir = process.env['SETUP_PNG_DIR'] ?? mkdtempSync(join(tmpdir(), 'cc-setup-png-'));
mkdirSync(pngDir, { recursive: true });

test.describe('setup screens', () => {
  // Each test fills a long form; the machines running these are often busy.
  test.describe.configure({ timeout: 60_000 });

  test('two wrong fields: both shown beside their fields and listed at once by their labels; fixed, the combat starts', async ({
    page,
  }) => {
    const errors = watchConsole(page);
    await page.goto('/#/combat/new/old-world');
    await setupField(page, 'attacker.units[0].profile.weaponSkill').fill('11');
    await setupField(page, 'defender.units[0].name').fill('');
    await page.getByTestId('start-combat').click();

    const list = page.getByTestId('setup-problems');
    await expect(page.getByTestId('setup-error')).toContainText('2 fields need fixing');
    await expect(list.getByTestId('setup-problem')).toHaveCount(2);
    // Each named by its labels, never by a path.
    await expect(list).toContainText('Attacker — Halberdiers — Weapon Skill (WS): expected a number from 1 to 10');
    await expect(list).toContainText('Defender — Unit 1 — Unit name: expected a name');
    await expect(list).not.toContainText('setup.');
    await expect(setupField(page, 'attacker.units[0].profile.weaponSkill')).toHaveAttribute('aria-invalid', 'true');
    await expect(
      page.getByTestId('item-setup.attacker.units[0]').getByText('expected a number from 1 to 10'),
    ).toBeVisible();
    await expect(page.getByTestId('item-setup.defender.units[0]').getByText('expected a name')).toBeVisible();
    await expect(page).toHaveURL(/#\/combat\/new\/old-world/);

    // A problem in the list takes the player to its field.
    await list.getByRole('button', { name: 'Defender — Unit 1 — Unit name' }).click();
    await expect(setupField(page, 'defender.units[0].name')).toBeFocused();

    await setupField(page, 'defender.units[0].name').fill('Orc Boyz');
    await setupField(page, 'attacker.units[0].profile.weaponSkill').fill('4');
    await page.getByTestId('start-combat').click();
    await expect(page).toHaveURL(/#\/combat\/play\//);
    await expect(page.getByTestId('step').getByRole('heading', { level: 2 })).toHaveText(
      'Halberdiers attack Orc Boyz: to hit',
    );
    expect(errors).toEqual([]);
  });

  test('a wrong field under "More" opens it; the dice-or-number field says its range in words', async ({ page }) => {
    await page.goto('/#/combat/new/wh40k-10e');
    // The skill is named as the attack is made: Ballistic Skill when shooting, Weapon Skill when fighting.
    await expect(page.getByLabel('Ballistic Skill (BS)')).toBeVisible();
    await page.getByText('Fighting (WS)').click();
    await expect(page.getByLabel('Weapon Skill (WS)')).toBeVisible();
    await page.getByTestId('more-setup.attacker.weapons[0]').click();
    await setupField(page, 'attacker.weapons[0].hitModifier').fill('5');
    await page.getByTestId('more-setup.attacker.weapons[0]').click();
    await expect(setupField(page, 'attacker.weapons[0].hitModifier')).toHaveCount(0);
    await setupField(page, 'attacker.weapons[0].damage').fill('150');
    await page.getByTestId('start-combat').click();
    const list = page.getByTestId('setup-problems');
    await expect(list).toContainText('Attacker — Bolt rifle — Hit roll modifier: expected a number from -3 to 3');
    await expect(list).toContainText(
      'Attacker — Bolt rifle — Damage (D): expected a whole number from 0 to 100, or dice such as D6',
    );
    await expect(setupField(page, 'attacker.weapons[0].hitModifier')).toHaveAttribute('aria-invalid', 'true');
  });

  test('an unknown system is said in words', async ({ page }) => {
    await page.goto('/#/combat/new/chess');
    await expect(page.getByText('There is no such rule system')).toBeVisible();
  });

  for (const [width, height] of [
    [1280, 800],
    [820, 1180],
  ] as const) {
    test(`at ${width}×${height}: large targets, nothing cut off, no sideways scroll`, async ({ page }) => {
      // Every list grows by one and every fold opens: many steps on a busy machine.
      test.setTimeout(120_000);
      await page.setViewportSize({ width, height });
      for (const system of registry.ids) {
        await page.goto(`/#/combat/new/${system}`);
        await expect(page.getByTestId('start-combat')).toBeVisible({ timeout: 15_000 });
        // Open what is folded, add one of every list, so every kind of field is on screen.
        for (const more of await page.locator('[data-testid^="more-"]').all()) await more.click();
        for (const add of await page.locator('[data-testid^="add-"]').all()) await add.click();
        if (system === 'old-world') await page.getByTestId('toggle-setup.challenge').check();
        await checkTablet(page);
        await page.screenshot({ path: join(pngDir, `setup-${system}-${width}.png`), fullPage: true });
      }
      // The roster editor is drawn with the same pieces.
      await page.goto('/#/rosters');
      await page.getByTestId('new-roster').click();
      await page.getByTestId('roster-name').fill('Tablet');
      await page.getByTestId('roster-system').click();
      await page.getByRole('option', { name: 'Warhammer 40,000 10th edition' }).click();
      await page.getByTestId('create-roster').click();
      await page.getByTestId('add-unit').click();
      await page.getByTestId('add-profile.weapons').click();
      await page.getByTestId('toggle-profile.weapons[0].abilities.anti').check();
      await checkTablet(page);
      await page.screenshot({ path: join(pngDir, `roster-editor-${width}.png`), fullPage: true });
    });
  }
});

/** Every input and button at least 44 px high, no label or chosen value cut off, and the page never wider than the window. */
async function checkTablet(page: Page) {
  const report = await page.evaluate(() => {
    const main = document.querySelector('main')!;
    const visible = (e: Element) => (e as HTMLElement).offsetParent !== null;
    const small: string[] = [];
    const cut: string[] = [];
    const name = (e: Element) =>
      e.getAttribute('data-testid') ?? e.getAttribute('aria-label') ?? e.textContent?.trim().slice(0, 40) ?? e.tagName;
    const targets = [
      ...main.querySelectorAll('input:not([type="checkbox"]):not([type="radio"]):not([type="hidden"]), button'),
      ...main.querySelectorAll('.mantine-Checkbox-body, .mantine-SegmentedControl-label'),
    ].filter(visible);
    for (const e of targets) {
      // An input is as tall as its box (a word list's typing line sits inside a 50 px box).
      const box = e.tagName === 'INPUT' ? (e.closest('.mantine-Input-wrapper') ?? e) : e;
      const height = box.getBoundingClientRect().height;
      if (height < 44) small.push(`${name(e)} ${Math.round(height)}px`);
    }
    for (const e of [...main.querySelectorAll('label, .mantine-SegmentedControl-label, input')].filter(visible)) {
      const el = e as HTMLElement;
      if (el.scrollWidth > el.clientWidth + 1) cut.push(name(el));
    }
    return { small, cut, sideways: document.documentElement.scrollWidth - document.documentElement.clientWidth };
  });
  expect(report.sideways).toBe(0);
  expect(report.small).toEqual([]);
  expect(report.cut).toEqual([]);
}
