import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { expectCombatObject } from './combatObject';
import { runCli } from '../../cli/main';
import { oldWorldReport } from '../../core/systems/old-world/analysis';
import { replay } from '../../core/combat/engine';
import type { Input } from '../../core/combat/steps';
import { oldWorld, setupSchema } from '../../core/systems/old-world';

/** `combat-companion analyze` and `resolve` on an old-world scenario (examples/old-world-swordsmen-vs-orcs.json). */

async function run(argv: string[], stdin = '') {
  let out = '';
  let err = '';
  const code = await runCli(argv, { out: (t) => (out += t), err: (t) => (err += t), stdin: async () => stdin });
  return { code, out, err };
}

const example = 'examples/old-world-swordsmen-vs-orcs.json';
const scenario = JSON.parse(readFileSync(example, 'utf8')) as Record<string, unknown>;
const { seed, ...setupInput } = scenario;
const setup = setupSchema.parse(setupInput);

interface Report {
  system: string;
  round: number;
  attacker: {
    name: string;
    woundsCaused: number[];
    meanWoundsCaused: number;
    mainUnit: string;
    pBreaks: number;
    pCaught: number;
  };
  defender: {
    name: string;
    woundsCaused: number[];
    meanWoundsCaused: number;
    mainUnit: string;
    pBreaks: number;
    pCaught: number;
  };
  difference: { offset: number; dist: number[]; mean: number };
  pAttackerWins: number;
  pDraw: number;
  pDefenderWins: number;
  facts: Array<{ label: string; probability: number }>;
}

describe('combat-companion analyze (old world)', () => {
  it("prints the exact odds of the scenario's first round as JSON", async () => {
    const { code, out, err } = await run(['analyze', example]);
    expect(err).toBe('');
    expect(code).toBe(0);
    const { combat, ...report } = JSON.parse(out) as Report & { combat: unknown };
    // The whole combat's odds beside the round's (issue 24); the round's figures are as they were.
    expectCombatObject(combat);
    expect(report).toEqual(JSON.parse(JSON.stringify(oldWorldReport(oldWorld.start(setup)))));
    expect(report.system).toBe('old-world');
    expect(report.round).toBe(1);
    const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);
    expect(sum(report.difference.dist)).toBeCloseTo(1, 9);
    expect(sum(report.attacker.woundsCaused)).toBeCloseTo(1, 9);
    expect(report.pAttackerWins + report.pDraw + report.pDefenderWins).toBeCloseTo(1, 9);
    // Winning is a positive difference (seed 002, Combat Results: the higher score wins).
    expect(sum(report.difference.dist.filter((_, k) => k + report.difference.offset > 0))).toBeCloseTo(
      report.pAttackerWins,
      9,
    );
    expect(report.attacker.mainUnit).toBe('Swordsmen');
    expect(report.defender.mainUnit).toBe('Orc Boyz');
    expect(report.defender.pBreaks).toBeLessThanOrEqual(report.pAttackerWins);
    expect(report.defender.pCaught).toBeLessThanOrEqual(report.defender.pBreaks);
    expect(report.facts.map((f) => f.label)).toEqual([
      'Empire win the round',
      'Draw',
      'Orcs & Goblins win the round',
      'Swordsmen: break',
      'Swordsmen: broken and caught',
      'Orc Boyz: break',
      'Orc Boyz: broken and caught',
    ]);
  });

  it('reads the scenario from standard input with "-"', async () => {
    expect(await run(['analyze', '-'], JSON.stringify(scenario))).toEqual(await run(['analyze', example]));
  });

  it('refuses a bad old-world scenario with exit code 2, naming the field', async () => {
    const bad = JSON.parse(JSON.stringify(scenario)) as {
      attacker: { units: Array<{ profile: Record<string, unknown> }> };
    };
    bad.attacker.units[0]!.profile['weaponSkill'] = 11;
    const { code, out, err } = await run(['analyze', '-'], JSON.stringify(bad));
    expect(code).toBe(2);
    expect(out).toBe('');
    expect(err).toContain('attacker.units[0].profile.weaponSkill');
  });
});

describe('combat-companion resolve (old world)', () => {
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
    expect(result.system).toBe('old-world');
    expect(result.seed).toBe(seed);
    expect(result.view.sides['attacker']!.units).toHaveLength(2);
    // One line per unit with its fate (outcome.ts), then the notes.
    expect(result.outcome.slice(0, 4).map((l) => l.split(':')[0])).toEqual([
      'Empire — Swordsmen',
      'Empire — Knights of the Blazing Sun',
      'Orcs & Goblins — Orc Boyz',
      'Orcs & Goblins — Wolf Riders',
    ]);
    const replayed = replay(oldWorld, { system: 'old-world', setup, seed: result.seed, inputs: result.inputs });
    expect(replayed.step.kind === 'outcome' && replayed.step.final).toBe(true);
  });

  it('resolves with entered dice, used in order', async () => {
    // Take the dice the seeded run rolled, and enter them: the same combat.
    const seeded = JSON.parse((await run(['resolve', example])).out) as { inputs: Input[]; outcome: string[] };
    const dice = seeded.inputs.flatMap((i) => (i.kind === 'roll' ? i.dice : []));
    const { seed: _seed, ...withoutSeed } = scenario;
    const entered = await run(['resolve', '-'], JSON.stringify({ ...withoutSeed, dice }));
    expect(entered.code).toBe(0);
    const result = JSON.parse(entered.out) as { inputs: Input[]; outcome: string[] };
    expect(result.outcome).toEqual(seeded.outcome);
    expect(result.inputs.every((i) => i.kind !== 'roll' || i.by === 'entered')).toBe(true);
  });
});
