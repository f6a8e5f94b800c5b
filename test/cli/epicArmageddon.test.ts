import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { expectCombatObject } from './combatObject';
import { runCli } from '../../cli/main';
import { epicReport } from '../../core/systems/epic-armageddon/analysis';
import { replay } from '../../core/combat/engine';
import type { Input } from '../../core/combat/steps';
import { epicArmageddon, setupSchema } from '../../core/systems/epic-armageddon';

/** `combat-companion analyze` and `resolve` on Epic Armageddon scenarios (examples/epic-armageddon-*.json, SCENARIOS.md §1). */

async function run(argv: string[], stdin = '') {
  let out = '';
  let err = '';
  const code = await runCli(argv, { out: (t) => (out += t), err: (t) => (err += t), stdin: async () => stdin });
  return { code, out, err };
}

const example = 'examples/epic-armageddon-marines-vs-orks.json';
const entered = 'examples/epic-armageddon-entered-dice.json';
const scenario = JSON.parse(readFileSync(example, 'utf8')) as Record<string, unknown>;
const { seed, ...setupInput } = scenario;
const setup = setupSchema.parse(setupInput);

/** The example, loosely typed, to spoil one field at a time. */
type Entry = Record<string, unknown>;
interface Scenario {
  attacker: { units: Entry[]; support: Entry[] };
  defender: { units: Entry[] };
}

interface SideReport {
  kills: number[];
  meanKills: number;
  meanExtraHits: number;
  meanExtraLosses: number;
}
interface Report {
  system: string;
  attacker: SideReport;
  defender: SideReport;
  pAttackerWins: number;
  pDraw: number;
  pDefenderWins: number;
  pAttackerWinsAtA4: number;
  pDefenderWinsAtA4: number;
}

describe('combat-companion analyze (Epic Armageddon)', () => {
  it('prints every figure of SCENARIOS §1, exactly, as JSON', async () => {
    const { code, out, err } = await run(['analyze', example]);
    expect(err).toBe('');
    expect(code).toBe(0);
    const { combat, ...report } = JSON.parse(out) as Report & { combat: unknown };
    // The whole combat's odds beside the round's (issue 24); the round's figures are as they were.
    expectCombatObject(combat);
    expect(report).toEqual(JSON.parse(JSON.stringify(epicReport(epicArmageddon.start(setup)))));
    expect(Object.keys(report)).toEqual([
      'system',
      'attacker',
      'defender',
      'pAttackerWins',
      'pDraw',
      'pDefenderWins',
      'pAttackerWinsAtA4',
      'pDefenderWinsAtA4',
    ]);
    expect(Object.keys(report.attacker)).toEqual(['kills', 'meanKills', 'meanExtraHits', 'meanExtraLosses']);
    const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);
    expect(sum(report.attacker.kills)).toBeCloseTo(1, 9);
    expect(sum(report.defender.kills)).toBeCloseTo(1, 9);
    expect(report.pAttackerWins + report.pDraw + report.pDefenderWins).toBeCloseTo(1, 9);
    expect(report.pDefenderWinsAtA4).toBeLessThanOrEqual(report.pDefenderWins);
    expect(report.attacker.meanExtraLosses).toBeLessThanOrEqual(report.attacker.meanExtraHits);
  });

  it('reads the scenario from standard input with "-"', async () => {
    expect(await run(['analyze', '-'], JSON.stringify(scenario))).toEqual(await run(['analyze', example]));
  });

  it.each([
    [
      'a war engine entry with a count over 1',
      (s: Scenario) =>
        s.defender.units.push({
          name: 'Gargants',
          count: 2,
          type: 'war-engine',
          damageCapacity: 4,
          armour: 4,
          cc: 3,
          ff: 4,
        }),
      'defender.units[3].count: expected 1: a war engine entry is a single war engine',
    ],
    [
      'a CC of 7',
      (s: Scenario) => (s.attacker.units[0]!['cc'] = 7),
      'attacker.units[0].cc: expected a roll from 2+ to 6+',
    ],
    [
      'an empty unit list',
      (s: Scenario) => (s.defender.units = []),
      'defender.units: expected at least 1 unit entries',
    ],
  ])('refuses %s with exit code 2, naming the field in words', async (_, spoil, message) => {
    const bad = JSON.parse(JSON.stringify(scenario)) as Scenario;
    spoil(bad);
    for (const command of ['analyze', 'resolve']) {
      const { code, out, err } = await run([command, '-'], JSON.stringify(bad));
      expect(code).toBe(2);
      expect(out).toBe('');
      expect(err).toContain(message);
    }
  });

  it.each([
    ['broken', 'its formation is Broken'],
    ['marched', 'its formation marched'],
  ])(
    'accepts a supporting unit that is %s, leaves it out of supporting fire and says so (RULES §4 A5, issue 25)',
    async (field, why) => {
      const scenario2 = JSON.parse(JSON.stringify(scenario)) as Scenario;
      scenario2.attacker.support[0]![field] = true;
      const { code, out } = await run(['resolve', '-'], JSON.stringify(scenario2));
      expect(code).toBe(0);
      expect(out).toContain(`no supporting fire from Devastators (${why})`);
    },
  );

  it('refuses, in words and with exit code 3 (valid, but too large), a scenario too large to count exactly', async () => {
    const distinct = (n: number, prefix: string) =>
      Array.from({ length: n }, (_, i) => ({
        name: `${prefix} ${i + 1}`,
        armour: 4 + (i % 3),
        cc: 3 + (i % 3),
        ff: 4,
      }));
    const huge = {
      system: 'epic-armageddon',
      attacker: { name: 'A', formation: 'a', units: distinct(20, 'a') },
      defender: { name: 'D', formation: 'd', units: distinct(20, 'd') },
    };
    const { code, out, err } = await run(['analyze', '-'], JSON.stringify(huge));
    expect(code).toBe(3);
    expect(out).toBe('');
    expect(err).toMatch(/no exact odds for this scenario\. Too many ways this assault can go to count exactly/);
  });
});

describe('combat-companion resolve (Epic Armageddon)', () => {
  it('resolves the scenario with its seed, the same way every time, to a log that replays', async () => {
    const first = await run(['resolve', example]);
    expect(first.err).toBe('');
    expect(first.code).toBe(0);
    expect(await run(['resolve', example])).toEqual(first);
    const result = JSON.parse(first.out) as {
      system: string;
      seed: number;
      inputs: Input[];
      outcome: string[];
      view: { sides: Record<string, { units: unknown[] }> };
    };
    expect(result.system).toBe('epic-armageddon');
    expect(result.seed).toBe(seed);
    // Three entries and the supporting Devastators; three entries on the Ork side.
    expect(result.view.sides['attacker']!.units).toHaveLength(4);
    expect(result.view.sides['defender']!.units).toHaveLength(3);
    expect(result.outcome[0]).toMatch(/^(Space Marines|Orks) win the assault/);
    expect(result.outcome.slice(1, 7).map((l) => l.split(':')[0])).toEqual([
      'Space Marines — Assault Marines ×2',
      'Space Marines — Tactical Marines ×2',
      'Space Marines — Land Raider',
      'Orks — Boyz ×4',
      'Orks — Nobz',
      'Orks — Battlefortress',
    ]);
    const replayed = replay(epicArmageddon, {
      system: 'epic-armageddon',
      setup,
      seed: result.seed,
      inputs: result.inputs,
    });
    expect(replayed.step.kind === 'outcome' && replayed.step.final).toBe(true);
  });

  it('resolves with entered dice, used in order, to the end: the loser withdraws', async () => {
    const { code, out, err } = await run(['resolve', entered]);
    expect(err).toBe('');
    expect(code).toBe(0);
    const result = JSON.parse(out) as { inputs: Input[]; outcome: string[] };
    expect(result.inputs.every((i) => i.kind !== 'roll' || i.by === 'entered')).toBe(true);
    expect(result.outcome[0]).toBe('Eldar win the assault: 12 against 8.');
    expect(result.outcome).toContain('Infantry company (Imperial Guard) is Broken and has withdrawn.');
  });

  it('takes the seeded run’s dice as entered dice and plays the same assault', async () => {
    const seeded = JSON.parse((await run(['resolve', example])).out) as { inputs: Input[]; outcome: string[] };
    const dice = seeded.inputs.flatMap((i) => (i.kind === 'roll' ? i.dice : []));
    const again = await run(['resolve', '-'], JSON.stringify({ ...setupInput, dice }));
    expect(again.code).toBe(0);
    expect((JSON.parse(again.out) as { outcome: string[] }).outcome).toEqual(seeded.outcome);
  });
});
