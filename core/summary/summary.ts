import { noOddsBecause, type Analyzed } from '../analysis/guarded';
import { oddsFrom } from '../analysis/odds';
import type { WholeCombatAnswer } from '../analysis/combat/forHost';
import { advance, startCombat, type Combat, type StoredCombatRecord } from '../combat/engine';
import { inputSchema, pausedAt, type Input, type Role, type Step } from '../combat/steps';
import type { RuleSystem } from '../combat/system';
import type { CombatView, LogLine } from '../combat/view';
import { genericProfile } from './profile';
import { rostersOfSides, type KnownRoster } from './rosters';
import type { Summary, SummaryOdds, SummarySide, SummaryStep } from './schema';

export type { StoredCombatRecord };

export interface SummaryDeps {
  systems: Readonly<Record<string, RuleSystem>>;
  /** The exact outcome distributions from a state of that system within the work budget, or null where it has none. */
  analyze: (systemId: string, state: unknown) => Analyzed | null;
  /** The stored rosters, to name the roster each side came from. */
  rosters?: readonly KnownRoster[];
  /** The whole combat's odds from a state of that system (null where its combat is one round). Absent: none in the summary. */
  wholeCombat?: (systemId: string, state: unknown) => WholeCombatAnswer;
}

/** A stored combat that cannot be summarised (unknown system, a log its system refuses). */
export class SummaryError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SummaryError';
  }
}

/**
 * The printable summary of a stored combat, for any rule system: the log is replayed input by
 * input through its system, so every step is printed with what it asked (the target and why) next
 * to what was answered (the dice, the choice), exactly as the players saw it at the table.
 */
export function buildCombatSummary(record: StoredCombatRecord, deps: SummaryDeps): Summary {
  const system = Object.hasOwn(deps.systems, record.system) ? deps.systems[record.system] : undefined;
  if (!system) throw new SummaryError(`There is no rule system "${record.system}" to replay "${record.title}".`);
  const parsed = system.setupSchema.safeParse(record.setup);
  if (!parsed.success) throw new SummaryError(`The setup of "${record.title}" is not valid for ${system.name}.`);
  const setup = parsed.data;

  let combat: Combat = startCombat(system, setup, record.seed);
  const start = combat.state;
  const rows: Omit<SummaryStep, 'n'>[] = [];
  let seen = 0;
  // The log only grows (it is what the engine stores and prints): each input owns the lines it
  // added — its own line and any the rules then added by themselves.
  const newLines = (view: CombatView): LogLine[] => {
    const fresh = view.log.slice(seen);
    seen = view.log.length;
    return fresh;
  };
  let names = sideNames(system.view(start));
  for (const line of newLines(system.view(start))) rows.push(rowOf(line, names));

  record.inputs.forEach((raw, index) => {
    const input = inputSchema.safeParse(raw);
    if (!input.success) throw new SummaryError(`Input ${index + 1} of "${record.title}" is not a valid input.`);
    const step = combat.step;
    const result = advance(system, combat, input.data);
    if (!result.ok)
      throw new SummaryError(`Input ${index + 1} of "${record.title}" cannot be replayed: ${result.error.message}`);
    combat = result.combat;
    const view = system.view(combat.state);
    names = sideNames(view);
    const fresh = newLines(view);
    const own = fresh.find((line) => line.stepId === step.id);
    // An acknowledged outcome (a round's result, a break test) may leave no log line of its own.
    if (step.kind === 'outcome' && !own)
      rows.push({
        ...blankRow(step.id, step.title),
        kind: 'outcome',
        result: step.lines[0] ?? '',
        lines: step.lines,
        taken: index + 1,
      });
    const taken = { taken: index + 1 };
    for (const line of fresh)
      rows.push({ ...(line === own ? answeredRow(line, step, input.data, names) : rowOf(line, names)), ...taken });
  });

  const view = system.view(combat.state);
  const last = combat.step;
  const finished = last.kind === 'outcome' && last.final;
  const rosters = rostersOfSides(record, sideNames(view), deps.rosters ?? []);
  const profiles = system.profiles?.(setup);
  const side = (role: Role) => summarySide(role, view, rosters, profiles, setup);

  return {
    id: record.id,
    title: record.title,
    system: { id: system.id, name: system.name },
    startedAt: record.startedAt,
    finishedAt: record.finishedAt,
    seed: record.seed,
    finished,
    sides: { attacker: side('attacker'), defender: side('defender') },
    steps: rows.map((row, i) => ({ ...row, n: i + 1 })),
    outcome: last.kind === 'outcome' && last.final ? { title: last.title, lines: last.lines } : null,
    ...pausedAt(last),
    pending: finished ? null : last.title,
    winner: finished ? (system.winner?.(combat.state) ?? null) : null,
    ...oddsOf(deps, system.id, start, combat.state),
    ...wholeOf(deps, system.id, start, combat.state),
  };
}

/** One side as the summary prints it: its name and roster, its profile, its units and models lost. */
function summarySide(
  role: Role,
  view: CombatView,
  rosters: ReturnType<typeof rostersOfSides>,
  profiles: ReturnType<NonNullable<RuleSystem['profiles']>> | undefined,
  setup: unknown,
): SummarySide {
  const models = view.sides[role].units.flatMap((u) => u.models);
  return {
    role,
    name: view.sides[role].name,
    roster: rosters[role],
    profile: profiles?.[role] ?? genericProfile((setup as Record<string, unknown> | null)?.[role]),
    units: view.sides[role].units,
    models: models.length,
    modelsLost: models.filter((m) => m.destroyed).length,
  };
}

/** The whole combat's odds before any die and where it ended, when the deps give them and both could be worked out. */
function wholeOf(
  deps: SummaryDeps,
  systemId: string,
  start: unknown,
  end: unknown,
): { wholeCombat?: Summary['wholeCombat'] } {
  if (!deps.wholeCombat) return {};
  const before = deps.wholeCombat(systemId, start);
  const after = before?.ok ? deps.wholeCombat(systemId, end) : null;
  return before?.ok && after?.ok ? { wholeCombat: { start: before.odds, end: after.odds } } : {};
}

function sideNames(view: CombatView): Record<Role, string> {
  return { attacker: view.sides.attacker.name, defender: view.sides.defender.name };
}

function blankRow(stepId: string, title: string): Omit<SummaryStep, 'n'> {
  return {
    stepId,
    kind: 'auto',
    actor: null,
    actorName: null,
    title,
    needs: null,
    dice: null,
    rolledBy: null,
    successes: null,
    criticals: null,
    choice: null,
    result: '',
    lines: [],
    why: [],
  };
}

/** A log line the rules added by themselves (or one whose step is not known). */
function rowOf(line: LogLine, names: Record<Role, string>): Omit<SummaryStep, 'n'> {
  return {
    ...blankRow(line.stepId, line.title),
    kind: line.dice ? 'roll' : 'auto',
    actor: line.actor,
    actorName: names[line.actor],
    dice: line.dice ?? null,
    result: line.result,
    why: line.why ?? [],
  };
}

/** The line of a step the players answered: what it asked beside what they gave. */
function answeredRow(line: LogLine, step: Step, input: Input, names: Record<Role, string>): Omit<SummaryStep, 'n'> {
  const row = rowOf(line, names);
  if (step.kind === 'roll' && input.kind === 'roll') {
    const count = (from: number | undefined) =>
      from === undefined ? null : input.dice.filter((face) => face >= from).length;
    return {
      ...row,
      kind: 'roll',
      needs: step.needs,
      dice: [...input.dice],
      ...(input.typed ? { typed: [...input.typed] } : {}),
      rolledBy: input.by,
      successes: count(step.passOn),
      criticals: count(step.criticalOn),
      why: step.why.length > 0 ? step.why : row.why,
    };
  }
  if (step.kind === 'choose' && input.kind === 'choose') {
    const option = step.options.find((o) => o.id === input.option);
    return {
      ...row,
      kind: 'choose',
      actor: step.actor,
      actorName: names[step.actor],
      choice: option?.label ?? input.option,
      why: step.why.length > 0 ? step.why : row.why,
    };
  }
  if (step.kind === 'outcome') return { ...row, kind: 'outcome', actor: null, actorName: null, lines: step.lines };
  return row;
}

/**
 * The odds beside the luck, exactly as the wizard showed them (oddsFrom), plus where the combat
 * actually ended: at the end `now` is a point mass, and its bar is the one to mark.
 */
function oddsOf(
  deps: SummaryDeps,
  systemId: string,
  start: unknown,
  end: unknown,
): { odds: SummaryOdds | null; oddsUnavailable: string | null } {
  const before = deps.analyze(systemId, start);
  if (before && !before.ok)
    return { odds: null, oddsUnavailable: noOddsBecause('No exact odds for this combat', before.tooLarge) };
  const now = before && deps.analyze(systemId, end);
  if (now && !now.ok)
    return { odds: null, oddsUnavailable: noOddsBecause('No exact odds for this combat', now.tooLarge) };
  if (!before || !now) return { odds: null, oddsUnavailable: null };
  const odds = oddsFrom(before.distributions, now.distributions);
  const index = odds.now.findIndex((p) => p > 1 - 1e-9);
  return {
    odds: { ...odds, actual: index >= 0 ? { index, value: odds.offset + index } : null },
    oddsUnavailable: null,
  };
}
