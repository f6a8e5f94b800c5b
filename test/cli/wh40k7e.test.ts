import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { expectCombatObject } from './combatObject';
import { runCli } from '../../cli/main';
import { wh40k7eReport } from '../../core/systems/wh40k-7e/analysis';
import { replay } from '../../core/combat/engine';
import type { Input } from '../../core/combat/steps';
import { setupSchema, wh40k7e } from '../../core/systems/wh40k-7e';

/** `combat-companion analyze` and `resolve` on 7th edition scenarios (SCENARIOS §2; examples/wh40k-7e-*.json). */

async function run(argv: string[], stdin = '') {
  let out = '';
  let err = '';
  const code = await runCli(argv, { out: (t) => (out += t), err: (t) => (err += t), stdin: async () => stdin });
  return { code, out, err };
}

const seeded = 'examples/wh40k-7e-marines-vs-boyz.json';
const entered = 'examples/wh40k-7e-entered-dice.json';
const scenario = JSON.parse(readFileSync(seeded, 'utf8')) as Record<string, unknown>;
const { seed, ...setupInput } = scenario;
const setup = setupSchema.parse(setupInput);

interface SideReport {
  woundsCaused: number[];
  meanWoundsCaused: number;
  pWipedOut: number;
  pBreaks: number;
  pSwept: number;
}
interface Report {
  system: string;
  attacker: SideReport;
  defender: SideReport;
  difference: { offset: number; dist: number[]; mean: number };
  pAttackerWins: number;
  pDraw: number;
  pDefenderWins: number;
}

const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);

describe('combat-companion analyze (40k 7th edition)', () => {
  it('prints every figure of SCENARIOS §2, exact, as JSON', async () => {
    const { code, out, err } = await run(['analyze', seeded]);
    expect(err).toBe('');
    expect(code).toBe(0);
    const { combat, ...report } = JSON.parse(out) as Report & { combat: unknown };
    // The whole combat's odds beside the round's (issue 24); the round's figures are as they were.
    expectCombatObject(combat);
    expect(report).toEqual(JSON.parse(JSON.stringify(wh40k7eReport(wh40k7e.start(setup)))));
    expect(Object.keys(report)).toEqual([
      'system',
      'attacker',
      'defender',
      'difference',
      'pAttackerWins',
      'pDraw',
      'pDefenderWins',
    ]);
    expect(Object.keys(report.attacker)).toEqual([
      'woundsCaused',
      'meanWoundsCaused',
      'pWipedOut',
      'pBreaks',
      'pSwept',
    ]);
    expect(report.system).toBe('wh40k-7e');
    expect(sum(report.difference.dist)).toBeCloseTo(1, 9);
    expect(sum(report.attacker.woundsCaused)).toBeCloseTo(1, 9);
    expect(sum(report.defender.woundsCaused)).toBeCloseTo(1, 9);
    expect(report.pAttackerWins + report.pDraw + report.pDefenderWins).toBeCloseTo(1, 9);
    // The difference is the attacker's wounds minus the defender's, so its mean is theirs.
    expect(report.difference.mean).toBeCloseTo(report.attacker.meanWoundsCaused - report.defender.meanWoundsCaused, 9);
    // The Tactical Squad knows no fear: never swept; the Boyz can be.
    expect(report.attacker.pSwept).toBe(0);
    expect(report.defender.pSwept).toBeGreaterThan(0);
    expect(report.defender.pSwept).toBeLessThanOrEqual(report.defender.pBreaks);
    expect(report.defender.pBreaks).toBeLessThanOrEqual(report.pAttackerWins);
  });

  it('reads the scenario from standard input with "-"', async () => {
    expect(await run(['analyze', '-'], JSON.stringify(scenario))).toEqual(await run(['analyze', seeded]));
  });

  it.each([
    [
      'a Strength "x0"',
      (s: Bad) => (s.attacker.models[1]!.weapon = { name: 'Power fist', strength: 'x0', ap: 2 }),
      'attacker.models[1].weapon.strength: expected a Strength',
    ],
    [
      'an AP of 7',
      (s: Bad) => (s.defender.models[1]!.weapon = { name: 'Power klaw', strength: 'x2', ap: 7 }),
      'defender.models[1].weapon.ap: expected an AP from 1 to 6, or null for "–"',
    ],
    [
      'a unit with no models',
      (s: Bad) => (s.defender.models = []),
      'defender.models: expected at least one model group: a unit with no models cannot fight',
    ],
  ])('refuses %s with exit code 2, naming the field in words (issue 12)', async (_name, spoil, message) => {
    const bad = structuredClone(scenario) as unknown as Bad;
    spoil(bad);
    for (const command of ['analyze', 'resolve']) {
      const { code, out, err } = await run([command, '-'], JSON.stringify(bad));
      expect(code).toBe(2);
      expect(out).toBe('');
      expect(err).toContain('combat-companion: the scenario is not valid:');
      expect(err).toContain(message);
    }
  });
});

type Bad = { attacker: { models: Array<{ weapon?: unknown }> }; defender: { models: Array<{ weapon?: unknown }> } };

describe('combat-companion resolve (40k 7th edition)', () => {
  it('resolves the scenario with its seed, the same way every time, to a log that replays', async () => {
    const first = await run(['resolve', seeded]);
    expect(first.err).toBe('');
    expect(first.code).toBe(0);
    expect(await run(['resolve', seeded])).toEqual(first);
    const result = JSON.parse(first.out) as { system: string; seed: number; inputs: Input[]; outcome: string[] };
    expect(result.system).toBe('wh40k-7e');
    expect(result.seed).toBe(seed);
    expect(result.outcome[0]!.startsWith('Tactical Squad: ')).toBe(true);
    expect(result.outcome[1]!.startsWith('Ork Boyz: ')).toBe(true);
    const replayed = replay(wh40k7e, { system: 'wh40k-7e', setup, seed: result.seed, inputs: result.inputs });
    expect(replayed.step.kind === 'outcome' && replayed.step.final).toBe(true);
  });

  it('plays the entered dice to the end: two rounds, a double 1 that holds, a Sweeping Advance', async () => {
    const { code, out, err } = await run(['resolve', entered]);
    expect(err).toBe('');
    expect(code).toBe(0);
    const result = JSON.parse(out) as {
      inputs: Input[];
      outcome: string[];
      view: { log: Array<{ stepId: string; result: string }> };
    };
    expect(result.inputs.every((i) => i.kind !== 'roll' || i.by === 'entered')).toBe(true);
    const dice = (JSON.parse(readFileSync(entered, 'utf8')) as { dice: number[] }).dice;
    expect(result.inputs.flatMap((i) => (i.kind === 'roll' ? i.dice : []))).toEqual(dice);
    expect(result.inputs.some((i) => i.kind === 'choose' && i.option === 'next')).toBe(true);
    expect(result.outcome).toEqual([
      'Assault Squad: won the combat: 3 × Assault Marine, Sergeant left.',
      'Ork Boyz: lost, failed its Morale check and was destroyed by the Sweeping Advance.',
      'Assault Squad may consolidate D6" (a reminder: move it at the table).',
    ]);
  });

  it('says when the entered dice run out', async () => {
    const scenarioWithDice = JSON.parse(readFileSync(entered, 'utf8')) as { dice: number[] };
    const { code, err } = await run(
      ['resolve', '-'],
      JSON.stringify({ ...scenarioWithDice, dice: scenarioWithDice.dice.slice(0, 20) }),
    );
    expect(code).not.toBe(0);
    expect(err).toMatch(/Ran out of dice at "/);
  });
});

describe('combat-companion analyze on a round too large to count (40k 7th edition)', () => {
  it('refuses it in words with exit code 3 (valid, but too large to count) instead of running for minutes', async () => {
    const group = (name: string, i: number) => ({
      name,
      count: 10,
      weaponSkill: 4,
      strength: 10,
      toughness: 4,
      wounds: 10,
      initiative: i + 1,
      attacks: 10,
      leadership: 8,
      save: 4,
      feelNoPain: 5,
    });
    const huge = {
      system: 'wh40k-7e',
      attacker: { name: 'Red', charged: true, models: Array.from({ length: 10 }, (_, i) => group(`Red ${i}`, i)) },
      defender: { name: 'Blue', models: Array.from({ length: 10 }, (_, i) => group(`Blue ${i}`, i)) },
    };
    const { code, out, err } = await run(['analyze', '-'], JSON.stringify(huge));
    expect(code).toBe(3);
    expect(out).toBe('');
    expect(err).toMatch(
      /^combat-companion: no exact odds for this scenario. Red against Blue: too many ways the round can go to count exactly/,
    );
  });
});
