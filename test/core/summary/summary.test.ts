import { describe, expect, it } from 'vitest';
import { rulesDeps } from '../../../core/api/backends/rules';
import { replay, type CombatLog, type Input } from '../../../core/combat';
import { registry, systems } from '../../../core/systems';
import {
  buildCombatSummary,
  buildReport,
  summaryMarkdown,
  SummaryError,
  type StoredCombatRecord,
} from '../../../core/summary';
import { resultAfterChoice } from '../../../core/summary/sheetSteps';
import { conformance as ninthAge } from '../../../core/systems/ninth-age/conformance';
import { conformance as wh40k10e } from '../../../core/systems/wh40k-10e/conformance';

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
    const md = summaryMarkdown(buildCombatSummary(ninthAge.stored.record as StoredCombatRecord, deps));
    expect(md).toContain('| Chose: 1 at Captain; in all: 1 at Captain, 4 at the Spearmen |');
    expect(md).not.toContain('Chose: 1 at Captain; 1 at Captain');
    expect(md).toMatch(/Knights: [\d +]+= \d+; \+\d HP lost by the enemy: Spearmen lost \d HP this round;/);
  });
});

describe('summaries of the 10th edition in particular', () => {
  const fixture = wh40k10e.stored as unknown as { record: StoredCombatRecord };

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
