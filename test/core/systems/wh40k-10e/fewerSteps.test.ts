import { describe, expect, it } from 'vitest';
import { advance, rollForMe, type Combat, type Input } from '../../../../core/combat';
import { buildCombatSummary, summaryMarkdown } from '../../../../core/summary';
import { wh40k10e } from '../../../../core/systems/wh40k-10e';
import { situationOf } from '../../../../core/systems/wh40k-10e/situationOf';
import { chooseStep, play, rollStep, setupOf, start, weapon, wounds, type WCombat } from './helpers';

/**
 * Fewer steps where the rules allow (issue 18): seed 001's fast dice rolling used to its limit.
 * Fixed damage is applied to a whole batch at once; Feel No Pain dice of a batch are rolled
 * together when the order of allocation cannot change the result; random damage is resolved one
 * attack at a time, one step taking that attack's Damage dice and its Feel No Pain dice.
 */

/** Plays to the end as "Roll for me" does, the suggested option at every choice; the steps taken. */
function playOut(combat: WCombat): { end: WCombat; steps: string[] } {
  let c = combat;
  const steps: string[] = [];
  while (!(c.step.kind === 'outcome' && c.step.final)) {
    steps.push(c.step.id);
    const step = c.step;
    const input: Input =
      step.kind === 'roll'
        ? rollForMe(c as Combat)
        : step.kind === 'choose'
          ? { kind: 'choose', stepId: step.id, option: (step.options.find((o) => o.suggested) ?? step.options[0]!).id }
          : { kind: 'continue', stepId: step.id };
    const r = advance(wh40k10e, c, input);
    if (!r.ok) throw new Error(r.error.message);
    c = r.combat;
  }
  return { end: c, steps };
}

const seeds = Array.from({ length: 40 }, (_, i) => i + 1);

describe('targets (issue 18 "Fewer steps where the rules allow")', () => {
  it('a 20-shot D1 volley takes at most 4 steps: hits, wounds, saves, Feel No Pain', () => {
    const setup = setupOf({
      weapons: [weapon({ models: 10, attacks: 2, skill: 3, strength: 4, ap: -1, damage: 1 })],
      attacker: { ranged: true },
      defender: { models: [{ count: 10, toughness: 4, save: 3, wounds: 1, feelNoPain: 5 }] },
    });
    for (const seed of seeds) expect(playOut(start(setup, seed)).steps.length, `seed ${seed}`).toBeLessThanOrEqual(4);
  });

  it('a D3 volley against Feel No Pain: after the saves, at most one step per failed save (it took 19 steps before)', () => {
    const setup = setupOf({
      weapons: [weapon({ models: 5, attacks: 2, skill: 3, strength: 5, ap: -1, damage: 'D3' })],
      attacker: { ranged: true },
      defender: { models: [{ count: 5, toughness: 4, save: 4, wounds: 3, feelNoPain: 5 }] },
    });
    for (const seed of seeds) {
      const { end, steps } = playOut(start(setup, seed));
      const saves = end.state.log.find((l) => l.title === 'Gun: saving throws');
      const failed = saves ? Number(/^(\d+) failed save/.exec(saves.result)?.[1] ?? 0) : 0;
      const savesAt = steps.findIndex((id) => id.startsWith('w0.saves.'));
      expect(steps.slice(0, savesAt + 1).map((id) => id.split('.')[1])).toEqual(
        ['hit', 'wound', 'saves'].slice(0, savesAt + 1),
      );
      expect(steps.length - (savesAt + 1), `seed ${seed}: ${steps.join(', ')}`).toBeLessThanOrEqual(failed);
    }
  });
});

describe('why a step is batched or not, in the step itself', () => {
  it('saves of identical models with fixed Damage: one roll, damage applied to the whole batch', () => {
    const c = play(start(setupOf({ weapons: [weapon({ attacks: 3 })] })), [4, 4, 4], [4, 4, 4]);
    expect(rollStep(c).why.find((r) => r.rule === 'Fast dice rolling')!.detail).toMatch(
      /the order of allocation makes no difference, so all saves are rolled at once and their damage applied together/,
    );
  });

  it('random Damage: the saves together, then one step per failed save taking its Damage and Feel No Pain dice', () => {
    let c = play(
      start(
        setupOf({
          weapons: [weapon({ attacks: 3, damage: 'D3' })],
          defender: { models: [{ count: 3, toughness: 4, save: 3, wounds: 3, feelNoPain: 5 }] },
        }),
      ),
      [4, 4, 4],
      [4, 4, 4],
    );
    expect(rollStep(c).why.find((r) => r.rule === 'Fast dice rolling')!.detail).toBe(
      'every model needs the same save, so all saves are rolled at once; the Damage is random, so each failed save is then allocated and takes its damage one attack at a time',
    );
    c = play(c, [1, 1, 6]);
    expect(c.state.log.at(-1)!.result).toBe(
      '2 failed saves of 3: each is allocated and takes its damage one at a time',
    );
    const step = rollStep(c);
    expect(step).toMatchObject({
      title: 'Gun: damage',
      count: 4,
      sides: 6,
      groups: [
        { id: 'damage', count: 1, sides: 3 },
        { id: 'fnp', count: 3, sides: 6, passOn: 5 },
      ],
    });
    expect(step.why.find((r) => r.rule === 'Fast dice rolling')!.detail).toMatch(
      /random Damage is rolled one attack at a time .* so this step takes all of this attack's damage dice at once/,
    );
    // D3 rolled 2: the first two Feel No Pain dice count (5 ignores one, 1 does not), the third is not used.
    c = play(c, [2, 5, 1, 6]);
    expect(c.state.log.at(-1)!.result).toBe('2 damage; Targets 1 loses 1 wound (1 ignored by Feel No Pain)');
    expect(wounds(c)).toEqual([2, 3, 3]);
    c = play(c, [3, 1, 1, 1]);
    expect(wounds(c)).toEqual([0, 3, 3]);
  });

  it('models that differ: the saves still together when they need the same save, each failed save allocated by the defender', () => {
    const defender = {
      models: [
        { count: 3, toughness: 4, save: 3, wounds: 1 },
        { name: 'Sergeant', count: 1, toughness: 4, save: 3, wounds: 2 },
      ],
    };
    let c = play(start(setupOf({ weapons: [weapon({ attacks: 2 })], defender })), [4, 4], [4, 4]);
    expect(rollStep(c)).toMatchObject({ title: 'Gun: saving throws', count: 2 });
    expect(rollStep(c).why.find((r) => r.rule === 'Fast dice rolling')!.detail).toMatch(
      /the models differ, so each failed save is then allocated/,
    );
    c = play(c, [1, 1]);
    expect(chooseStep(c)).toMatchObject({ title: 'Allocate the failed save (Gun)', actor: 'defender' });
    c = play(c, 'm3');
    // fixed Damage needs no roll: the Sergeant loses 1, and being wounded must take the next failed save too
    expect(wounds(c)).toEqual([1, 1, 1, 0]);
    expect(c.step).toMatchObject({ kind: 'outcome', final: true });
  });

  it('models needing different saves: one attack at a time, as the seed requires', () => {
    const defender = {
      models: [
        { count: 3, toughness: 4, save: 4, wounds: 1 },
        { name: 'Sergeant', count: 1, toughness: 4, save: 3, wounds: 2 },
      ],
    };
    const c = play(start(setupOf({ weapons: [weapon({ attacks: 2 })], defender })), [4, 4], [4, 4]);
    expect(chooseStep(c)).toMatchObject({ title: 'Allocate the attack (Gun)' });
    expect(situationOf(c.state).current).toMatchObject({ savesToMake: 2 });
  });
});

describe('D3 as players roll it, through the 10th edition engine', () => {
  it('a D3 damage step takes halved D6s: the log line keeps what was typed and the D3 results; the print shows both', () => {
    let c = play(
      start(
        setupOf({
          weapons: [weapon({ damage: 'D3' })],
          defender: { models: [{ count: 2, toughness: 4, save: 7, wounds: 3 }] },
        }),
      ),
      [4],
      [4],
    );
    expect(rollStep(c)).toMatchObject({ title: 'Gun: damage', count: 1, sides: 3 });
    const r = advance(wh40k10e, c, { kind: 'roll', stepId: c.step.id, dice: [3], typed: [6], by: 'entered' });
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    c = r.combat;
    expect(wounds(c)).toEqual([0, 3]);
    expect(wh40k10e.view(c.state).log.find((l) => l.title === 'Gun: damage')).toMatchObject({
      dice: [3],
      typed: [6],
      result: '3 damage',
    });
    const summary = buildCombatSummary(
      {
        id: 'c1',
        system: 'wh40k-10e',
        title: 'D3',
        startedAt: '2026-01-01T00:00:00.000Z',
        finishedAt: null,
        seed: 1,
        rosterIds: [],
        setup: c.log.setup,
        inputs: c.log.inputs,
      },
      { systems: { 'wh40k-10e': wh40k10e }, analyze: () => null },
    );
    expect(summary.steps.find((s) => s.title === 'Gun: damage')).toMatchObject({ dice: [3], typed: [6] });
    expect(summaryMarkdown(summary)).toContain('6 → 3 (D6s halved)');
  });
});

/**
 * Issue 22, "at the table, faster than dice alone": with entered dice, the median over varied
 * setups is at most 6 steps per attack sequence (one weapon profile's attacks), and no setup of
 * many weapons or random damage goes far past it. Each setup is played through the engine with
 * seeded dice and the suggested options.
 */
describe('issue 22 target: at most 6 steps per attack sequence (median), none far past it', () => {
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
  const perSequence = (setup: ReturnType<typeof setupOf>) =>
    seeds.map((seed) => playOut(start(setup, seed)).steps.length / setup.attacker.weapons.length);
  // [setup, its median at most, its most steps per attack sequence over the seeds]
  const setups: Array<[string, ReturnType<typeof setupOf>, number, number]> = [
    [
      'the example setup (the setup screen starts from it)',
      setupOf({
        weapons: [weapon({ attacks: 1 })],
        attacker: { ranged: true },
        defender: { models: [{ count: 5, toughness: 4, save: 3, wounds: 1 }] },
      }),
      6,
      4,
    ],
    [
      'random Damage D3 against identical models with Feel No Pain: one step per failed save after the saves',
      setupOf({
        weapons: [weapon({ models: 5, attacks: 2, ap: -1, damage: 'D3' })],
        defender: { models: [{ count: 5, toughness: 4, save: 4, wounds: 3, feelNoPain: 5 }] },
      }),
      6,
      9,
    ],
    [
      'a sergeant and troopers of the same profile for damage, D3 Damage',
      setupOf({
        weapons: [weapon({ models: 5, attacks: 2, ap: -1, damage: 'D3' })],
        defender: {
          models: [
            { name: 'Sergeant', count: 1, toughness: 4, save: 3, wounds: 2 },
            { count: 4, toughness: 4, save: 3, wounds: 2 },
          ],
        },
      }),
      6,
      10,
    ],
    [
      'Melta within half range against a vehicle',
      setupOf({
        weapons: [
          weapon({ models: 2, attacks: 1, strength: 9, ap: -4, damage: 'D6', abilities: { melta: '2' } as never }),
        ],
        attacker: { halfRange: true },
        defender: { models: [{ count: 1, toughness: 10, save: 3, wounds: 12 }] },
      }),
      6,
      4,
    ],
    [
      'three weapon profiles against one unit',
      setupOf({
        weapons: [
          weapon({ models: 5, attacks: 2 }),
          weapon({ name: 'Pistol', damage: 'D3' }),
          weapon({ name: 'Fist', attacks: 3, strength: 8, ap: -2, damage: 2 }),
        ],
        defender: { models: [{ count: 10, toughness: 4, save: 3, wounds: 2 }] },
      }),
      6,
      4,
    ],
    // The Feel No Pain dice come with the Damage; only a failed save whose Damage die is re-rolled takes a second step.
    [
      'a damage re-roll against Feel No Pain: one step per failed save unless a Damage die is re-rolled',
      setupOf({
        weapons: [weapon({ models: 5, attacks: 2, ap: -1, damage: 'D3', damageReroll: 'ones' })],
        defender: { models: [{ count: 5, toughness: 4, save: 4, wounds: 3, feelNoPain: 5 }] },
      }),
      6,
      11,
    ],
  ];

  it.each(setups)('%s', (_name, setup, middle, most) => {
    const counts = perSequence(setup);
    expect(median(counts)).toBeLessThanOrEqual(middle);
    expect(Math.max(...counts)).toBeLessThanOrEqual(most);
  });

  it('over all these setups together, the median is at most 6 steps per attack sequence', () => {
    expect(median(setups.flatMap(([, setup]) => perSequence(setup)))).toBeLessThanOrEqual(6);
  });
});
