import { describe, expect, it } from 'vitest';
import { rulesDeps } from '../../core/api/backends/rules';
import { replay, type CombatLog, type Input } from '../../core/combat';
import { buildCombatSummary, summaryMarkdown, summarySchema, type StoredCombatRecord } from '../../core/summary';
import type { StoredCombatExpectation } from '../../core/systems/conformance';
import { kitRegistry, systemsUnderTest } from './systems';

/**
 * Every system's stored combat (its conformance.ts), as History keeps it, summed up for print: the
 * log numbered as the app counts it, every roll with its dice and target, every choice with its
 * chooser, the casualties, the outcome and the winner, the actual result on the exact odds.
 */
type Expected = StoredCombatExpectation['expected'];

const rules = rulesDeps(kitRegistry, { newId: () => 'id', newSeed: () => 1 });
const deps = { systems: rules.systems, analyze: rules.analyze };
const systems = kitRegistry.systems;

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

describe.each(systemsUnderTest)('the summary of a stored $id combat', ({ conformance }) => {
  const { record, expected } = conformance.stored as unknown as { record: StoredCombatRecord; expected: Expected };
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
    for (const input of record.inputs as Input[]) if (input.kind === 'roll') expect(md).toContain(input.dice.join(' '));
    for (const line of expected.outcome) expect(md).toContain(line);
    expect(md).toMatch(/percentile/);
  });
});
