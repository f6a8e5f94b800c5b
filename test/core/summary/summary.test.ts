import { describe, expect, it } from 'vitest';
import { rulesDeps } from '../../../core/api/backends/rules';
import { replay, type CombatLog, type Input } from '../../../core/combat';
import { registry, systems } from '../../../core/systems';
import {
  buildCombatSummary,
  buildReport,
  summaryMarkdown,
  summarySchema,
  SummaryError,
  type StoredCombatRecord,
} from '../../../core/summary';
import { resultAfterChoice } from '../../../core/summary/markdown';
import { summaryFixtures } from './fixtures';

const rules = rulesDeps(registry, { newId: () => 'id', newSeed: () => 1 });
const deps = { systems: rules.systems, analyze: rules.analyze };

/** The combat the record replays to, by the engine directly (not through the summary). */
function replayed(record: StoredCombatRecord) {
  const system = systems[record.system]!;
  return replay(system, {
    system: record.system,
    setup: system.setupSchema.parse(record.setup),
    seed: record.seed,
    inputs: record.inputs as Input[],
  } as CombatLog);
}

describe('every registered rule system has a summary fixture', () => {
  it.each(Object.keys(systems))('%s', (systemId) => {
    expect(
      summaryFixtures[systemId],
      `add a stored combat of ${systemId} to test/core/summary/fixtures.ts`,
    ).toBeDefined();
  });
});

describe.each(Object.entries(summaryFixtures).filter(([id]) => Object.hasOwn(systems, id)))(
  'the summary of a stored %s combat',
  (_id, { record, expected }) => {
    const summary = buildCombatSummary(record, deps);
    const combat = replayed(record);
    const system = systems[record.system]!;
    const view = system.view(combat.state);

    it('is a valid summary object (what crosses the host boundary)', () => {
      expect(summarySchema.safeParse(summary).success).toBe(true);
    });

    it('has a header with the system, the sides and the profiles used', () => {
      expect(summary.system).toEqual({ id: system.id, name: system.name });
      expect(summary.sides.attacker.name).toBe(view.sides.attacker.name);
      expect(summary.sides.defender.name).toBe(view.sides.defender.name);
      expect(summary.sides.attacker.profile.length).toBeGreaterThan(0);
      expect(summary.sides.defender.profile.length).toBeGreaterThan(0);
    });

    it('contains every log line, in order, numbered', () => {
      expect(summary.steps).toHaveLength(expected.steps);
      const logged = summary.steps.filter((s) => view.log.some((l) => l.stepId === s.stepId && l.title === s.title));
      expect(logged.map((s) => [s.stepId, s.title, s.result])).toEqual(
        view.log.map((l) => [l.stepId, l.title, l.result]),
      );
      expect(summary.steps.map((s) => s.n)).toEqual(summary.steps.map((_, i) => i + 1));
    });

    it('gives every roll its dice, target and why, and every choice its option and chooser', () => {
      const inputs = record.inputs as Input[];
      for (const input of inputs) {
        const step = summary.steps.find((s) => s.stepId === input.stepId);
        expect(step, `a step for input ${input.stepId}`).toBeDefined();
        if (input.kind === 'roll') {
          expect(step).toMatchObject({ kind: 'roll', dice: input.dice, rolledBy: input.by });
          expect(step!.needs).toBeTruthy();
          expect(step!.why.length).toBeGreaterThan(0);
        }
        if (input.kind === 'choose') expect(step!.actorName).toBe(view.sides[step!.actor!].name);
      }
      expect(summary.steps.filter((s) => s.kind === 'choose').map((s) => s.choice)).toEqual(expected.choices);
    });

    it('has the right casualties, outcome and winner', () => {
      expect({ attacker: summary.sides.attacker.modelsLost, defender: summary.sides.defender.modelsLost }).toEqual(
        expected.modelsLost,
      );
      const left = summary.sides.defender.units.flatMap((u) => u.models.map((m) => m.woundsLeft));
      expect(left).toEqual(view.sides.defender.units.flatMap((u) => u.models.map((m) => m.woundsLeft)));
      expect(summary.finished).toBe(true);
      expect(summary.outcome?.lines).toEqual(expected.outcome);
      expect(summary.winner).toBe(expected.winner);
    });

    it('marks the actual result on the exact distribution and gives its mid-rank percentile', () => {
      const odds = summary.odds!;
      expect(odds.actual?.value).toBe(expected.actualValue);
      const k = odds.actual!.index;
      expect(odds.offset + k).toBe(expected.actualValue);
      // P(X < k) + ½·P(X = k) of the distribution before any die, computed here independently.
      const below = odds.before.slice(0, k).reduce((a, b) => a + b, 0);
      expect(odds.percentile).toBeCloseTo(100 * (below + odds.before[k]! / 2), 10);
      expect(odds.before.reduce((a, b) => a + b, 0)).toBeCloseTo(1, 10);
    });

    it('renders as Markdown with the units, the dice and the outcome', () => {
      const md = summaryMarkdown(summary);
      expect(md).toContain(`# ${record.title}`);
      expect(md).toContain(summary.sides.attacker.name);
      expect(md).toContain(summary.sides.defender.name);
      for (const input of record.inputs as Input[])
        if (input.kind === 'roll') expect(md).toContain(input.dice.join(' '));
      for (const line of expected.outcome) expect(md).toContain(line);
      expect(md).toMatch(/percentile/);
    });
  },
);

describe('a choice is said once', () => {
  it('a result that starts with the chosen option’s words prints only what follows them', () => {
    expect(
      resultAfterChoice({ choice: '1 at Captain', result: '1 at Captain; in all: 1 at Captain, 4 at the Spearmen' }),
    ).toBe('in all: 1 at Captain, 4 at the Spearmen');
    expect(
      resultAfterChoice({ choice: 'As suggested: 5 at the Spearmen', result: 'As suggested: 5 at the Spearmen' }),
    ).toBe('');
    // Other words, or the same words not followed by a break, stay whole.
    expect(resultAfterChoice({ choice: 'Pursue (2D6)', result: 'Knights pursue' })).toBe('Knights pursue');
    expect(resultAfterChoice({ choice: '1 at Captain', result: '1 at Captains' })).toBe('1 at Captains');
    expect(resultAfterChoice({ choice: null, result: '3 hits' })).toBe('3 hits');
  });

  it('in the Markdown of a Ninth Age allocation, and the Combat Score’s reasons are set out without their indent', () => {
    const md = summaryMarkdown(buildCombatSummary(summaryFixtures['ninth-age']!.record, deps));
    expect(md).toContain('| Chose: 1 at Captain; in all: 1 at Captain, 4 at the Spearmen |');
    expect(md).not.toContain('Chose: 1 at Captain; 1 at Captain');
    expect(md).toMatch(/Knights: [\d +]+= \d+; \+\d HP lost by the enemy: Spearmen lost \d HP this round;/);
  });
});

describe('summaries of the 10th edition in particular', () => {
  const fixture = summaryFixtures['wh40k-10e']!;

  it('counts the dice that passed and the criticals of each roll', () => {
    const hit = buildCombatSummary(fixture.record, deps).steps.find((s) => s.stepId === 'w0.hit.0')!;
    // 3 4 6 2 5 5 4 1 4 5 against 3+: all but the 2 and the 1; one 6.
    expect(hit).toMatchObject({ needs: '3+', successes: 8, criticals: 1, result: expect.stringContaining('8 hits') });
  });

  it('names the attacker the winner when the target is wiped out', () => {
    const record: StoredCombatRecord = {
      ...fixture.record,
      setup: {
        system: 'wh40k-10e',
        attacker: {
          name: 'Sniper',
          weapons: [{ name: 'Rifle', attacks: 1, skill: 2, strength: 6, ap: -3, damage: 3 }],
        },
        defender: { name: 'Lone Warboss', models: [{ count: 1, toughness: 5, save: 4, wounds: 3 }] },
      },
      inputs: [],
    };
    let combat = replayed(record);
    const inputs: Input[] = [];
    for (const face of [6, 6, 1]) {
      const step = combat.step;
      if (step.kind !== 'roll') break;
      inputs.push({ kind: 'roll', stepId: step.id, dice: [face], by: 'entered' });
      combat = replayed({ ...record, inputs });
    }
    const summary = buildCombatSummary({ ...record, inputs }, deps);
    expect(summary.outcome?.lines).toContain('Lone Warboss is destroyed.');
    expect(summary.winner).toBe('attacker');
  });

  it("prints a model lost to a failed Hazardous test as the attacking unit's loss, and the club-night tally counts it", () => {
    const record: StoredCombatRecord = {
      ...fixture.record,
      setup: {
        system: 'wh40k-10e',
        attacker: {
          name: 'Hellblasters',
          weapons: [
            {
              name: 'Plasma incinerator',
              models: 2,
              attacks: 1,
              skill: 3,
              strength: 8,
              ap: -3,
              damage: 2,
              abilities: { hazardous: true },
            },
          ],
        },
        defender: { name: 'Boyz', models: [{ count: 5, toughness: 5, save: 5, wounds: 1 }] },
      },
      inputs: [],
    };
    // Both shots miss; the Hazardous tests are a 1 and a 4; the player says the model fell.
    let combat = replayed(record);
    const inputs: Input[] = [];
    for (const answer of [[1, 1], [1, 4], 'destroyed'] as const) {
      const step = combat.step;
      inputs.push(
        typeof answer === 'string'
          ? { kind: 'choose', stepId: step.id, option: answer }
          : { kind: 'roll', stepId: step.id, dice: [...answer], by: 'entered' },
      );
      combat = replayed({ ...record, inputs });
    }
    const summary = buildCombatSummary({ ...record, inputs }, deps);
    expect(summary.sides.attacker.modelsLost).toBe(1);
    expect(summary.sides.attacker.units[0]!.models).toEqual([
      expect.objectContaining({ name: "Hellblasters' model 1", destroyed: true }),
    ]);
    expect(summary.outcome?.lines.at(-1)).toMatch(
      /Hellblasters' model 1 with Plasma incinerator rolled a 1 .*: destroyed/,
    );
    const tally = buildReport([summary]).tally.find((t) => t.name === 'Hellblasters');
    expect(tally).toMatchObject({ modelsLost: 1, modelsDestroyed: 0 });
    expect(summaryMarkdown(summary)).toContain("Hellblasters' model 1");
  });

  it('says where an unfinished combat waits, with no outcome, winner or marked result', () => {
    const summary = buildCombatSummary(
      { ...fixture.record, inputs: fixture.record.inputs.slice(0, 2), finishedAt: null },
      deps,
    );
    expect(summary).toMatchObject({
      finished: false,
      outcome: null,
      winner: null,
      pending: 'Allocate the attack (Bolt rifle)',
    });
    expect(summary.odds?.actual).toBeNull();
    expect(summary.steps).toHaveLength(3);
  });

  it('refuses a log its system cannot replay, naming the input', () => {
    const bad = { ...fixture.record, inputs: [{ kind: 'roll', stepId: 'w0.hit.0', dice: [9], by: 'entered' }] };
    expect(() => buildCombatSummary(bad, deps)).toThrow(SummaryError);
    expect(() => buildCombatSummary(bad, deps)).toThrow(/Input 1/);
    expect(() => buildCombatSummary({ ...fixture.record, system: 'chess' }, deps)).toThrow(/no rule system "chess"/);
  });

  it('traces each side to the roster with a unit of its name, and leaves an ambiguous side untraced', () => {
    const rosters = [
      { id: 'r1', name: 'Ultramarines', system: 'wh40k-10e', unitNames: ['Intercessors'] },
      { id: 'r2', name: 'Goffs', system: 'wh40k-10e', unitNames: ['Boyz'] },
      { id: 'r3', name: 'Bad Moons', system: 'wh40k-10e', unitNames: ['Boyz'] },
    ];
    const summary = buildCombatSummary(fixture.record, { ...deps, rosters });
    expect(summary.sides.attacker.roster).toEqual({ id: 'r1', name: 'Ultramarines' });
    expect(summary.sides.defender.roster).toBeNull();
    // The combat's own roster ids decide between the two.
    const own = buildCombatSummary({ ...fixture.record, rosterIds: ['r1', 'r3'] }, { ...deps, rosters });
    expect(own.sides.defender.roster).toEqual({ id: 'r3', name: 'Bad Moons' });
  });
});
