import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { expectCombatObject } from './combatObject';
import { runCli } from '../../cli/main';
import { ninthAgeReport } from '../../core/systems/ninth-age/analysis';
import { replay } from '../../core/combat/engine';
import type { Input } from '../../core/combat/steps';
import { ninthAge, setupSchema } from '../../core/systems/ninth-age';

/** `combat-companion analyze` and `resolve` on Ninth Age scenarios (examples/ninth-age-*.json, SCENARIOS §3). */

async function run(argv: string[], stdin = '') {
  let out = '';
  let err = '';
  const code = await runCli(argv, { out: (t) => (out += t), err: (t) => (err += t), stdin: async () => stdin });
  return { code, out, err };
}

const example = 'examples/ninth-age-knights-vs-spearmen.json';
const entered = 'examples/ninth-age-entered-dice.json';
const scenario = JSON.parse(readFileSync(example, 'utf8')) as Record<string, unknown>;
const { seed, ...setupInput } = scenario;
const setup = setupSchema.parse(setupInput);
const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);

interface Side {
  hpLost: number[];
  meanHpLost: number;
  pWipedOut: number;
  pBreaks: number;
  pCaught: number;
}

describe('combat-companion analyze (The Ninth Age)', () => {
  it('prints exactly the figures of SCENARIOS §3 for the first round', async () => {
    const { code, out, err } = await run(['analyze', example]);
    expect(err).toBe('');
    expect(code).toBe(0);
    const { combat, ...report } = JSON.parse(out) as {
      system: string;
      attacker: Side;
      defender: Side;
      difference: { offset: number; dist: number[]; mean: number };
      pAttackerWins: number;
      pDraw: number;
      pDefenderWins: number;
    } & { combat: unknown };
    // The whole combat's odds beside the round's (issue 24); the round's figures are as they were.
    expectCombatObject(combat);
    expect(report).toEqual(JSON.parse(JSON.stringify(ninthAgeReport(ninthAge.start(setup)))));
    expect(Object.keys(report)).toEqual([
      'system',
      'attacker',
      'defender',
      'difference',
      'pAttackerWins',
      'pDraw',
      'pDefenderWins',
    ]);
    expect(report.system).toBe('ninth-age');
    for (const side of [report.attacker, report.defender]) {
      expect(Object.keys(side)).toEqual(['hpLost', 'meanHpLost', 'pWipedOut', 'pBreaks', 'pCaught']);
      expect(sum(side.hpLost)).toBeCloseTo(1, 9);
      expect(side.meanHpLost).toBeCloseTo(sum(side.hpLost.map((p, k) => p * k)), 9);
      expect(side.pCaught).toBeLessThanOrEqual(side.pBreaks);
    }
    expect(sum(report.difference.dist)).toBeCloseTo(1, 9);
    expect(report.pAttackerWins + report.pDraw + report.pDefenderWins).toBeCloseTo(1, 9);
    // The attacker's Combat Score minus the defender's: positive differences are the attacker's wins, 0 the draw.
    expect(sum(report.difference.dist.filter((_, k) => k + report.difference.offset > 0))).toBeCloseTo(
      report.pAttackerWins,
      9,
    );
    expect(report.difference.dist[-report.difference.offset]).toBeCloseTo(report.pDraw, 9);
    expect(report.difference.mean).toBeCloseTo(
      sum(report.difference.dist.map((p, k) => p * (k + report.difference.offset))),
      9,
    );
  });

  it('reads the scenario from standard input with "-"', async () => {
    expect(await run(['analyze', '-'], JSON.stringify(scenario))).toEqual(await run(['analyze', example]));
  });

  describe('refuses a bad scenario with exit code 2, naming each field in words (the issue’s examples)', () => {
    const bad = async (
      change: (s: {
        attacker: { unit: Record<string, unknown> & { characters: Array<Record<string, unknown>> } };
        defender: { unit: Record<string, unknown> };
      }) => void,
    ) => {
      const copy = JSON.parse(JSON.stringify(scenario)) as Parameters<typeof change>[0];
      change(copy);
      const result = await run(['analyze', '-'], JSON.stringify(copy));
      expect(result.code).toBe(2);
      expect(result.out).toBe('');
      return result.err;
    };
    it('an allocation to a character the enemy does not have', async () => {
      expect(await bad((s) => (s.attacker.unit.characters[0]!['attacksAtCharacters'] = [0, 0, 1]))).toContain(
        'attacker.unit.characters[0].attacksAtCharacters[2]: expected no allocation to enemy character 2: Spearmen have characters 0 to 1',
      );
    });
    it('more attacks allocated than the part has', async () => {
      expect(await bad((s) => (s.attacker.unit.characters[0]!['attacksAtCharacters'] = [3, 2]))).toContain(
        'attacker.unit.characters[0].attacksAtCharacters: expected at most 4 attacks allocated: Baron has 4 attacks at full strength, 5 are allocated',
      );
    });
    it('a Height of 9', async () => {
      expect(await bad((s) => (s.attacker.unit['height'] = 9))).toContain(
        'attacker.unit.height: expected a number from 0 to 3',
      );
    });
    it('every problem at once, and an unknown field by name', async () => {
      const err = await bad((s) => {
        s.attacker.unit['height'] = 9;
        s.defender.unit['banner'] = true;
      });
      expect(err).toContain('attacker.unit.height: expected a number from 0 to 3');
      expect(err).toContain('defender.unit.banner: unknown field');
    });
  });

  it('refuses, in words and with exit code 3 (valid, but too large), a round too large to count exactly', async () => {
    const huge = JSON.parse(JSON.stringify(scenario)) as {
      attacker: { unit: Record<string, unknown> };
      defender: { unit: Record<string, unknown> };
    };
    const horde = (name: string) => ({
      name,
      models: 200,
      width: 30,
      supporting: 200,
      supportingAttacks: 10,
      profile: {
        offensiveSkill: 5,
        defensiveSkill: 5,
        strength: 5,
        armourPenetration: 0,
        agility: 3,
        attacks: 20,
        healthPoints: 20,
        resilience: 3,
        armour: 0,
        discipline: 7,
      },
      characters: [0, 1, 2, 3].map((i) => ({
        name: `${name} ${i}`,
        attacksAtCharacters: [5, 5, 5, 5],
        profile: {
          offensiveSkill: 5,
          defensiveSkill: 5,
          strength: 5,
          armourPenetration: 0,
          agility: i,
          attacks: 20,
          healthPoints: 20,
          resilience: 3,
          armour: 0,
          discipline: 7,
        },
      })),
    });
    huge.attacker.unit = horde('Horde');
    huge.defender.unit = horde('Host');
    const result = await run(['analyze', '-'], JSON.stringify(huge));
    expect(result.code).toBe(3);
    expect(result.err).toMatch(
      /^combat-companion: no exact odds for this scenario. Too many ways this round can go to count exactly/,
    );
  });
});

describe('combat-companion resolve (The Ninth Age)', () => {
  it('resolves the scenario with its seed, the same way every time, to a log that replays', async () => {
    const first = await run(['resolve', example]);
    expect(first.err).toBe('');
    expect(first.code).toBe(0);
    expect(await run(['resolve', example])).toEqual(first);
    const result = JSON.parse(first.out) as { system: string; seed: number; inputs: Input[]; outcome: string[] };
    expect(result.system).toBe('ninth-age');
    expect(result.seed).toBe(seed);
    // The fates first, then the last round's Combat Score (not a step of its own).
    expect(result.outcome.slice(0, 2).map((l) => l.split(':')[0])).toEqual([
      'Kingdom of Equitaine — Knights',
      'Empire of Sonnstahl — Spearmen',
    ]);
    expect(result.outcome[2]).toMatch(/^Round \d+: /);
    const replayed = replay(ninthAge, { system: 'ninth-age', setup, seed: result.seed, inputs: result.inputs });
    expect(replayed.step.kind === 'outcome' && replayed.step.final).toBe(true);
  });

  it('plays the entered dice of examples/ninth-age-entered-dice.json to the end: the Spearmen break, flee and are caught', async () => {
    const { code, out, err } = await run(['resolve', entered]);
    expect(err).toBe('');
    expect(code).toBe(0);
    const result = JSON.parse(out) as {
      inputs: Input[];
      outcome: string[];
      view: { log: Array<{ title: string; result: string }> };
    };
    expect(result.inputs.every((i) => i.kind !== 'roll' || i.by === 'entered')).toBe(true);
    // The same dice give the same end as when every stage was a step of its own: the groups take them in the old order.
    expect(result.outcome).toEqual([
      'Kingdom of Equitaine — Knights: won and pursued 8″: 6 rank-and-file models, Baron (3 HP) left.',
      'Empire of Sonnstahl — Spearmen: broke, fled 4″ and was caught by a pursuit of 8″: destroyed.',
      'Round 1: Knights win by 2 (9 to 7).',
      'Knights 9: 5 HP lost by the enemy, +1 Charge, +2 Rank bonus, +1 Standard',
      'Spearmen 7: 1 HP lost by the enemy, +4 Rank bonus, +1 Standard, +1 Battle Standard Bearer',
    ]);
    const titles = result.view.log.map((l) => l.title);
    expect(titles).toContain('Round 1: Combat Score');
    expect(titles).toContain('Spearmen: Break Test');
    expect(titles.at(-1)).toBe('Spearmen: flee, Knights: pursue');
    // One roll per Agility step, one for flee and pursuit: ten steps for the whole round.
    expect(result.inputs).toHaveLength(10);
  });

  it('says so when the entered dice run out', async () => {
    const short = JSON.parse(readFileSync(entered, 'utf8')) as { dice: number[] };
    short.dice = short.dice.slice(0, 10);
    const result = await run(['resolve', '-'], JSON.stringify(short));
    expect(result.code).toBe(2);
    expect(result.err).toMatch(/Ran out of dice at "/);
  });
});
