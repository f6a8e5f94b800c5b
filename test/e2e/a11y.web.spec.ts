import { registry } from '../../core/systems';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { newRoster } from './flows';

/**
 * Every screen at a laptop's size (1280×800) and a tablet's (820×1180), issue 18: no serious or
 * critical WCAG 2.1 A/AA violation (axe-core), nothing that scrolls the page sideways, and on a
 * touch screen no button, input or select under 44 px high. Each screen is also saved as a PNG
 * (SHOT_DIR, default a temp folder) so a person can look at it; AXE_REPORT names a JSON file that
 * gets every screen's figures.
 */

const shotDir = process.env['SHOT_DIR'] ?? mkdtempSync(join(tmpdir(), 'cc-screens-'));
mkdirSync(shotDir, { recursive: true });

const sizes = [
  { name: 'laptop', width: 1280, height: 800, touch: false },
  { name: 'tablet', width: 820, height: 1180, touch: true },
] as const;

interface Finding {
  screen: string;
  violations: string[];
  sideways: number;
  small: string[];
  cut: string[];
}

/** axe-core's serious and critical findings on the page as it stands, one line per rule with its node count. */
async function axe(page: Page): Promise<string[]> {
  const result = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `${v.id} (${v.impact}): ${v.nodes.length} node(s): ${v.nodes
          .slice(0, 4)
          .map((n) => `${n.target.join(' ')} ${contrastOf(n.any[0]?.data)}`)
          .join(' | ')}`,
    );
}

/** A contrast finding's colours and ratio, so the report says what to fix. */
function contrastOf(data: unknown): string {
  const d = data as { fgColor?: string; bgColor?: string; contrastRatio?: number } | null | undefined;
  return d?.fgColor ? `(${d.fgColor} on ${d.bgColor}: ${d.contrastRatio})` : '';
}

/** Visible buttons, inputs and selects shorter than 44 px (the touch target players' fingers need). */
async function smallTargets(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const found: string[] = [];
    const controls = document.querySelectorAll<HTMLElement>(
      'button, input:not([type="hidden"]), select, textarea, [role="button"], [role="checkbox"], [role="radio"], [role="switch"], a[href]',
    );
    for (const el of controls) {
      const box = el.getBoundingClientRect();
      if (box.width === 0 || box.height === 0) continue;
      const style = getComputedStyle(el);
      if (style.visibility === 'hidden' || style.opacity === '0') continue;
      // A checkbox or radio input counts by its clickable label row; links in running text are not controls.
      let target = box;
      if (el instanceof HTMLInputElement && (el.type === 'checkbox' || el.type === 'radio')) {
        const row = el.closest(
          'label, .mantine-Checkbox-root, .mantine-Radio-root, .mantine-Switch-root, .mantine-SegmentedControl-root',
        );
        if (row) target = row.getBoundingClientRect();
      }
      // A tags input's typing field sits inside the box a finger taps.
      const box2 = el.closest('.mantine-TagsInput-input, .mantine-PillsInput-input');
      if (box2) target = box2.getBoundingClientRect();
      if (el.tagName === 'A' && !el.closest('nav, [data-touch-target]')) continue;
      if (target.height < 43.5)
        found.push(
          `${el.tagName.toLowerCase()}${el.dataset['testid'] ? `[${el.dataset['testid']}]` : ''} "${(el.getAttribute('aria-label') ?? el.textContent ?? '').trim().slice(0, 30)}" ${Math.round(target.height)}px`,
        );
    }
    return found;
  });
}

/** Controls whose text is cut off: an input's value, a button's or a segment's label wider than its box. */
async function cutOff(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const found: string[] = [];
    for (const el of document.querySelectorAll<HTMLElement>(
      'input:not([type="hidden"]):not([type="checkbox"]):not([type="radio"]), .mantine-Button-label, .mantine-SegmentedControl-label',
    )) {
      if (el.getBoundingClientRect().width === 0) continue;
      if (el.scrollWidth > el.clientWidth + 1)
        found.push(
          `${el.dataset['testid'] ?? el.className.split(' ')[0]} "${((el as HTMLInputElement).value ?? el.textContent ?? '').slice(0, 40)}"`,
        );
    }
    return found;
  });
}

async function look(page: Page, size: (typeof sizes)[number], screen: string, findings: Finding[]) {
  // Let fonts, lazy screens and odds settle.
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(300);
  await page.screenshot({ path: join(shotDir, `${size.name}-${screen}.png`) });
  if (process.env['SHOT_FULL'])
    await page.screenshot({ path: join(shotDir, `${size.name}-${screen}-full.png`), fullPage: true });
  const sideways = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  findings.push({
    screen,
    violations: await axe(page),
    sideways,
    small: size.touch ? await smallTargets(page) : [],
    cut: await cutOff(page),
  });
}

async function playUntil(page: Page, kind: 'roll' | 'choose' | 'outcome') {
  const step = page.getByTestId('step');
  for (let i = 0; i < 80; i++) {
    await expect(step).toBeVisible();
    if ((await step.getAttribute('data-step-kind')) === kind) return;
    const current = await step.getAttribute('data-step-id');
    const stepKind = await step.getAttribute('data-step-kind');
    if (stepKind === 'roll') await page.getByTestId('roll-for-me').click();
    else if (stepKind === 'outcome') await page.getByTestId('continue').click();
    else await page.getByTestId('step-options').getByRole('button').first().click();
    await expect(step).not.toHaveAttribute('data-step-id', current ?? '');
  }
  throw new Error(`no ${kind} step reached`);
}

/** Fails with every screen that has a problem, its figures in the message; AXE_REPORT keeps them all. */
function report(findings: Finding[], size: (typeof sizes)[number], part: string) {
  if (process.env['AXE_REPORT'])
    writeFileSync(`${process.env['AXE_REPORT']}-${size.name}-${part}.json`, JSON.stringify(findings, null, 1));
  const problems = findings.filter(
    (f) => f.violations.length > 0 || f.sideways > 0 || f.small.length > 0 || f.cut.length > 0,
  );
  expect(problems, `screens saved in ${shotDir}`).toEqual([]);
}

for (const size of sizes) {
  test.describe(`every screen at ${size.width}×${size.height}: no serious accessibility violation, nothing cut off or scrolling sideways, 44 px touch targets`, () => {
    test.use({ viewport: { width: size.width, height: size.height }, hasTouch: size.touch });
    test.setTimeout(180_000);

    test('the sections, the rosters and their dialogs', async ({ page }) => {
      const findings: Finding[] = [];
      await page.goto('/#/combat');
      await expect(page.getByTestId('start-old-world')).toBeVisible();
      await look(page, size, 'combat', findings);
      await page.goto('/#/about');
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await look(page, size, 'about', findings);
      await page.goto('/#/settings');
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await look(page, size, 'settings', findings);

      await newRoster(page, 'Ultramarines');
      await look(page, size, 'roster', findings);
      await page.getByTestId('add-unit').click();
      await expect(page.getByTestId('unit-name-input')).toBeVisible();
      await look(page, size, 'unit-editor', findings);
      await page.goto('/#/rosters');
      await expect(page.getByTestId('new-roster')).toBeVisible();
      await look(page, size, 'rosters', findings);
      await page.getByTestId('new-roster').click();
      await expect(page.getByRole('dialog')).toBeVisible();
      await look(page, size, 'new-roster-dialog', findings);
      report(findings, size, 'sections');
    });

    test("every system's setup screen", async ({ page }) => {
      const findings: Finding[] = [];
      for (const system of registry.ids) {
        await page.goto(`/#/combat/new/${system}`);
        await expect(page.getByTestId('start-combat')).toBeVisible({ timeout: 20_000 });
        await look(page, size, `setup-${system}`, findings);
      }
      // The 10th edition weapon's modifiers and re-roll selects, opened; the roster picker.
      await page.goto('/#/combat/new/wh40k-10e');
      await page.getByTestId('more-setup.attacker.weapons[0]').click();
      await look(page, size, 'setup-wh40k-10e-modifiers', findings);
      await page
        .getByRole('button', { name: /from a roster/i })
        .first()
        .click();
      await expect(page.getByRole('dialog')).toBeVisible();
      await look(page, size, 'roster-picker-dialog', findings);
      report(findings, size, 'setups');
    });

    test('a combat in play (roll, outcome and choose steps), the history, the replay and the print view', async ({
      page,
    }) => {
      const findings: Finding[] = [];
      // The old-world charge as the setup screen fills it.
      await page.goto('/#/combat/new/old-world');
      await page.getByTestId('field-setup.attacker.name').fill('Empire');
      await page.getByTestId('field-setup.attacker.units[0].name').fill('Halberdiers');
      await page.getByTestId('field-setup.defender.name').fill('Orcs');
      await page.getByTestId('field-setup.defender.units[0].name').fill('Orc Boyz');
      await page.getByTestId('seed').fill('7');
      await page.getByTestId('start-combat').click();
      await expect(page).toHaveURL(/#\/combat\/play\//, { timeout: 20_000 });
      await playUntil(page, 'roll');
      await look(page, size, 'wizard-roll', findings);
      // The odds chart: every label at least 11 px as drawn, and a table saying the same in words.
      const chart = page.getByTestId('distribution-chart').first();
      await expect(chart).toBeAttached();
      const smallest = await chart.evaluate((svg) => {
        const scale = svg.getBoundingClientRect().width / (svg as SVGSVGElement).viewBox.baseVal.width;
        return Math.min(
          ...[...svg.querySelectorAll('text')].map(
            (t) => Number(t.getAttribute('font-size') ?? t.getAttribute('fontSize') ?? 0) * scale,
          ),
        );
      });
      expect(smallest).toBeGreaterThanOrEqual(11);
      const table = page.getByTestId('distribution-table').first();
      await expect(table.locator('caption')).not.toBeEmpty();
      expect(await table.locator('tbody tr').count()).toBeGreaterThan(1);
      // The ranks game logs its combat result and shows a choice (pursue, fight on) before the combat's outcome.
      await playUntil(page, 'choose');
      await look(page, size, 'wizard-choose', findings);
      await playUntil(page, 'outcome');
      await look(page, size, 'wizard-outcome', findings);

      await page.goto('/#/history');
      await expect(page.getByTestId('history-item').first()).toBeVisible();
      await look(page, size, 'history', findings);
      await page.getByTestId('club-night-report').click();
      await expect(page.getByRole('dialog')).toBeVisible();
      await look(page, size, 'report-dialog', findings);
      await page.keyboard.press('Escape');
      await page.getByTestId('history-open').first().click();
      await expect(page.getByTestId('print-combat')).toBeVisible();
      await look(page, size, 'replay', findings);
      await page.getByTestId('print-combat').click();
      // The sheet is drawn once the host has the summary, whole-combat odds and all (a second or two on a busy machine).
      await expect(page.getByTestId('combat-sheet')).toBeVisible({ timeout: 60_000 });
      await look(page, size, 'print', findings);
      report(findings, size, 'combat');
    });
  });
}
