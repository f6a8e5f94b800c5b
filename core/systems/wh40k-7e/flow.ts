import { memo, perOwner } from '../../combat/memo';
import { pushLog, withLastResult, withLines } from '../../combat/stepEngine';
import type { LogLine } from '../../combat/view';
import { defaultTarget, lockedModel, modelClasses, nextTarget, type ModelRef } from './allocation';
import { inDefaultOrder, poolLabel, poolSummary } from './pools';
import { roundResult } from './result';
import { batchFrom, batchWounds, groupsReached, poolsAlike } from './fastDice';
import { damageOf, feelNoPainFace, modelCapacity, saveTest } from './saves';
import { MAX_GROUP_DICE, type Setup } from './setup';
import {
  aliveIn,
  attacksPerModel,
  groupOf,
  modelName,
  otherRole,
  plural,
  roles,
  times,
  unitAlive,
  woundsKey,
  type Allocation,
  type Pool,
  type Role,
  type Run,
  type State,
  type StrikeRoll,
  type UnitWounds,
} from './state';
import { bothStanding, strikeSteps, strikingGroups, targetOf, weaponText, woundTest } from './strikes';

/**
 * The order of a round (seed 000; RULES §2): Initiative steps 10 → 1, each its strike rolls, then
 * each side's wound pools allocated to the enemy; then the combat result, Morale for the loser,
 * Sweeping Advance, and the next round. These are the transitions of the state; the steps that ask
 * for dice or a decision are declared in steps/, and the one step engine (engine.ts) settles what
 * needs no player.
 */

/** A line the rules added by themselves (no input answers it). */
export const autoLine = (state: State, actor: Role, title: string, result: string, why?: LogLine['why']): State =>
  pushLog(state, { actor, title, result, ...(why ? { why } : {}) });

const setWounds = (state: State, role: Role, wounds: UnitWounds): State => ({
  ...state,
  wounds: { ...state.wounds, [role]: wounds },
});

/** The start of a round: wounds caused count from here, and the round's odds start here. */
export function beginRound(state: State): State {
  return { ...state, roundStart: state.wounds, ...freshRound(state.fate) };
}

/**
 * What every round starts from afresh, the first (index.ts startState) and each after: no step
 * begun, no dice, no pools, no result; each side's fate carried over from `fate`.
 */
export function freshRound(fate: State['fate']) {
  return {
    phase: 'strikes' as const,
    // One above the highest step, so the search for the first step starts at 10.
    initiative: 11,
    strikers: { attacker: [], defender: [] },
    targets: { attacker: { weaponSkill: 0, toughness: 0 }, defender: { weaponSkill: 0, toughness: 0 } },
    rolls: [],
    pools: { attacker: [], defender: [] },
    allocation: null,
    result: null,
    broken: null,
    sweepRoll: null,
    // A unit held in combat by And They Shall Know No Fear fights on like any other.
    fate: { attacker: fighting(fate.attacker), defender: fighting(fate.defender) },
  } satisfies Partial<State>;
}

const fighting = (fate: State['fate'][Role]) => (fate === 'heldByATSKNF' ? 'fighting' : fate);

/**
 * Initiative step `step` begins: who strikes is fixed now, and what their attacks see of the enemy
 * (its majority WS and T): models slain during the step still strike (seed 000).
 */
export function enterStep(state: State, step: number): State {
  const { strikers, targets, rolls, lines } = stepStart(state, step);
  // One copy of the state: the step's strikers, what they see, its rolls, no pools yet, and its lines logged.
  return {
    ...state,
    initiative: step,
    strikers,
    targets,
    rolls,
    pools: { attacker: [], defender: [] },
    allocation: null,
    log: withLines(state, lines),
  };
}

/** What an Initiative step's start fixes, and its log lines: a pure function of the setup, the round, the step and the wounds on both units. */
interface StepStart {
  strikers: State['strikers'];
  targets: State['targets'];
  rolls: StrikeRoll[];
  lines: Array<Omit<LogLine, 'stepId'>>;
}

/** The start of a step as stepStartOf works it out, remembered: the same steps begin with the same models standing in many play-outs. */
const stepStart = (state: State, step: number): StepStart =>
  stepStarts(state.setup, `${state.round}|${step}|${woundsKey(state.wounds)}`, () => stepStartOf(state, step));
const stepStarts = memo<StepStart>();

function stepStartOf(state: State, step: number): StepStart {
  const { setup } = state;
  const strikers = {
    attacker: strikingGroups(setup, 'attacker', state.wounds.attacker, step, state.round),
    defender: strikingGroups(setup, 'defender', state.wounds.defender, step, state.round),
  };
  const targets = {
    attacker: targetOf(setup, 'attacker', state.wounds.defender),
    defender: targetOf(setup, 'defender', state.wounds.attacker),
  };
  const lines: StepStart['lines'] = [];
  const line = (actor: Role, title: string, result: string, why?: LogLine['why']) =>
    lines.push({ actor, title, result, ...(why ? { why } : {}) });
  const rolls: StrikeRoll[] = [];
  const who: string[] = [];
  for (const role of roles) {
    for (const group of strikers[role]) {
      const g = groupOf(setup, role, group);
      const models = aliveIn(state.wounds[role][group]!);
      const attacks = attacksPerModel(setup, role, group, state.round);
      who.push(`${times(models, g.name)} with A${attacks} (${setup[role].name})`);
      const wound = woundTest(setup, role, group, targets[role].toughness);
      if (wound.face === null) {
        // RULES §2: S − T of −4 or worse cannot wound; nobody rolls attacks that can do nothing.
        line(
          role,
          `${g.name}: ${weaponText(setup, role, group)}`,
          `cannot wound ${setup[otherRole(role)].name}: no dice rolled`,
          wound.why,
        );
        continue;
      }
      rolls.push({ role, group, stage: 'hit', dice: Math.min(MAX_GROUP_DICE, models * attacks) });
    }
  }
  // The step's line is the striking side's (the attacker's when both strike).
  const striking = roles.find((role) => strikers[role].length > 0) ?? 'attacker';
  line(striking, `Round ${state.round} · Initiative step ${step}`, `strike now: ${who.join('; ')}`, [
    {
      rule: 'Initiative steps',
      detail:
        'models strike at their Initiative (Unwieldy weapons at 1); both units at the same step strike together, casualties removed at its end',
    },
  ]);
  return { strikers, targets, rolls, lines };
}

/** The next Initiative step with someone to strike, or the combat result when none is left. */
function enterNextStep(state: State): State {
  const possible = stepsOf(state.setup);
  for (let step = state.initiative - 1; step >= 1; step--) {
    if (!bothStanding(state.wounds)) break;
    // A step at which no model of either side strikes, whatever is left, is passed over without looking.
    if (!possible.has(step)) continue;
    const any = roles.some(
      (role) => strikingGroups(state.setup, role, state.wounds[role], step, state.round).length > 0,
    );
    if (any) return enterStep(state, step);
  }
  return enterResult(state);
}

/** The Initiative steps some model of the combat strikes at (strikeSteps), once per setup. */
const stepsOf = perOwner((setup: Setup) => new Set(strikeSteps(setup)));

function enterResult(state: State): State {
  const result = roundResult(state.roundStart, state.wounds);
  const fate = { ...state.fate };
  for (const role of roles) if (result.wiped[role]) fate[role] = 'wipedOut';
  return {
    ...state,
    phase: 'result',
    result,
    rolls: [],
    pools: { attacker: [], defender: [] },
    allocation: null,
    fate,
  };
}

/** The pool now being allocated. */
export function currentPool(state: State): Pool {
  const a = state.allocation;
  const pool = a && state.pools[a.by].find((p) => p.key === a.pool);
  if (!pool) throw new Error('no pool being allocated');
  return pool;
}

const sameModel = (a: ModelRef, b: ModelRef | null) => b !== null && a.group === b.group && a.model === b.model;

const withPool = (state: State, by: Role, pool: Pool): State => ({
  ...state,
  pools: { ...state.pools, [by]: state.pools[by].map((p) => (p.key === pool.key ? pool : p)) },
});
const withAllocation = (state: State, allocation: Allocation | null): State => ({ ...state, allocation });
const withRun = (state: State, run: Run | null): State => withAllocation(state, { ...state.allocation!, run });

/** A side's pools still holding wounds, in the default order (SCENARIOS §2). */
export const poolsLeft = (state: State, by: Role): Pool[] =>
  inDefaultOrder(
    state.setup,
    by,
    state.strikers[by],
    state.pools[by].filter((p) => p.wounds > 0),
  );

export function startAllocation(state: State, by: Role, key: string): State {
  return withAllocation(state, { by, pool: key, auto: false, lock: null, run: null });
}

/**
 * Seed 000 "Fast Dice": the wounds that certainly land on the locked model (one the defending
 * player chose), or on the models next in line that share one save and one Feel No Pain — all the
 * pool's wounds when no model that saves otherwise follows (fastDice.ts) — are saved together, then
 * applied one by one in die order.
 */
function startRun(state: State, target: ModelRef, lockOnly: boolean): State {
  const a = state.allocation!;
  const foe = otherRole(a.by);
  const pool = currentPool(state);
  const models = state.wounds[foe][target.group]!;
  const batch = lockOnly ? null : batchFrom(state.setup, foe, pool, state.wounds[foe]);
  const landing = batch
    ? batchWounds(batch, pool.wounds)
    : Math.min(pool.wounds, modelCapacity(state.setup, foe, target.group, pool, models[target.model]!));
  const save = saveTest(state.setup, foe, target.group, pool);
  // With Feel No Pain rolled in the same step (a die for each failed save), half as many wounds fit a roll.
  const fnpToo = save.face !== null && feelNoPainFace(state.setup, foe, target.group, pool) !== null;
  const count = Math.min(landing, fnpToo ? Math.floor(MAX_GROUP_DICE / 2) : MAX_GROUP_DICE);
  let s = withPool(state, a.by, { ...pool, wounds: pool.wounds - count });
  const run: Run = {
    group: target.group,
    groups: batch ? groupsReached(batch, count) : [target.group],
    lockOnly,
    count,
    fates: null,
    stage: 'save',
    applied: 0,
    lost: 0,
    slain: 0,
  };
  if (save.face !== null) return withRun(s, run);
  // No save of any kind: nobody rolls; the wounds go on as unsaved.
  const names = run.groups.map((g) => groupOf(state.setup, foe, g).name).join(' and ');
  s = autoLine(
    s,
    foe,
    `${state.setup[foe].name}: ${plural(count, 'wound')} on ${names} (${poolLabel(pool)})`,
    'no save allowed: every wound is unsaved',
    save.why,
  );
  return withRun(s, afterSaves(s, { ...run, fates: Array<'unsaved'>(count).fill('unsaved') }));
}

/** After the saves: Feel No Pain for the unsaved wounds when it applies, else on to the models. */
export function afterSaves(state: State, run: Run): Run {
  const a = state.allocation!;
  const fnp = feelNoPainFace(state.setup, otherRole(a.by), run.group, currentPool(state));
  const unsaved = run.fates!.filter((f) => f === 'unsaved').length;
  return { ...run, stage: fnp !== null && unsaved > 0 ? 'fnp' : 'apply' };
}

/** The wounds the model loses from one unsaved wound, taken off (excess lost, RULES §2). */
export function applyDamage(state: State, target: ModelRef, damage: number): State {
  const a = state.allocation!;
  const foe = otherRole(a.by);
  const after = damaged(a, state.wounds[foe], target, damage);
  return withAllocation(setWounds(state, foe, after.wounds), after.allocation);
}

/** One unsaved wound's damage on the enemy's models and the pool's allocation (see applyDamage). */
function damaged(
  a: Allocation,
  units: UnitWounds,
  target: ModelRef,
  damage: number,
): { allocation: Allocation; wounds: UnitWounds } {
  const run = a.run!;
  const left = units[target.group]![target.model]!;
  const removed = Math.min(left, damage);
  const wounds = units.map((models, g) =>
    g === target.group ? models.map((w, i) => (i === target.model ? w - removed : w)) : models,
  );
  const dead = left - removed <= 0;
  const allocation: Allocation = {
    ...a,
    // Seed 000: a model keeps taking the pool's wounds until it is removed.
    lock: dead ? null : target,
    run: {
      ...run,
      applied: run.applied + 1,
      lost: run.lost + removed,
      slain: run.slain + (dead ? 1 : 0),
      // Which groups lost models, for the run's line (a batch may reach past its first group).
      ...(dead && !(run.slainIn ?? []).includes(target.group)
        ? { slainIn: [...(run.slainIn ?? []), target.group] }
        : {}),
    },
  };
  return { allocation, wounds };
}

/** The model the run's next wound lands on. */
export function runTarget(state: State): ModelRef {
  const a = state.allocation!;
  const t = nextTarget(a, state.wounds[otherRole(a.by)]);
  if (!t) throw new Error('a run lands on models that stand');
  return t;
}

/**
 * Applies the run's wounds that need no die, one after another in die order, and the run's end;
 * stops at one that does. Null: the next wound needs a die. Only the allocation and the enemy's
 * models change along the way: they are carried alone, each wound applied as applyDamage applies
 * it (`damaged`), and put into the state once.
 */
export function advanceRun(state: State): State | null {
  if (state.allocation!.run!.stage !== 'apply') return null;
  const foe = otherRole(state.allocation!.by);
  const pool = currentPool(state);
  let allocation = state.allocation!;
  let units = state.wounds[foe];
  const now = (): State =>
    withAllocation(units === state.wounds[foe] ? state : setWounds(state, foe, units), allocation);
  for (let moved = false; ; moved = true) {
    const run = allocation.run!;
    if (run.applied >= run.count) return finishRun(now());
    const target = nextTarget(allocation, units);
    // A run that runs to the unit's end may outlast it: its wounds left are lost (seed 000; RULES §2).
    if (!target) {
      allocation = { ...allocation, run: { ...run, applied: run.count, lostWithUnit: run.count - run.applied } };
      continue;
    }
    if (run.fates![run.applied] !== 'unsaved') {
      allocation = { ...allocation, lock: target, run: { ...run, applied: run.applied + 1 } };
      continue;
    }
    const damage = damageOf(state.setup, foe, target.group, pool, units[target.group]![target.model]!);
    if (typeof damage !== 'number') return moved ? now() : null;
    ({ allocation, wounds: units } = damaged(allocation, units, target, damage));
  }
}

/** A run is over: its casualties go onto the log. */
function finishRun(state: State): State {
  const a = state.allocation!;
  const run = a.run!;
  const foe = otherRole(a.by);
  const g = groupOf(state.setup, foe, run.group);
  const unsaved = run.fates!.filter((f) => f === 'unsaved').length;
  const what =
    unsaved === 0
      ? 'no wounds lost'
      : `${plural(run.lost, 'wound')} lost${run.slain > 0 ? `, ${plural(run.slain, 'model')} slain (${(run.slainIn ?? [run.group]).map((x) => groupOf(state.setup, foe, x).name).join(' and ') || g.name})` : ''}`;
  const locked = lockedModel(a, state.wounds[foe]);
  const still =
    locked && currentPool(state).wounds > 0
      ? `; ${modelName(state.setup, foe, locked.group, locked.model)} keeps taking this pool's wounds`
      : '';
  // The run's last line is its own (the save roll, "no save", Feel No Pain or a D3 / D6 roll).
  const done = withRun(withLastResult(state, `${what}${still}`), null);
  return run.lostWithUnit ? lostLine(done, run.lostWithUnit) : done;
}

/** The line for a pool's wounds that find no model: the unit is gone, they are lost (RULES §2). */
function lostLine(state: State, wounds: number): State {
  const a = state.allocation!;
  const foe = otherRole(a.by);
  return autoLine(
    state,
    a.by,
    `${state.setup[a.by].name}: ${poolLabel(currentPool(state))}`,
    `${plural(wounds, 'wound')} left in the pool ${wounds === 1 ? 'is' : 'are'} lost: no model of ${state.setup[foe].name} is left`,
    [{ rule: 'Wound pool', detail: 'wounds left when the unit is gone are lost' }],
  );
}

/** A pool is done: what it could not place is lost. */
function finishPool(state: State): State {
  const a = state.allocation!;
  const pool = currentPool(state);
  const s = pool.wounds > 0 ? lostLine(state, pool.wounds) : state;
  return { ...s, pools: { ...s.pools, [a.by]: s.pools[a.by].filter((p) => p.key !== pool.key) }, allocation: null };
}

/** The next move of a pool being allocated with no run in progress, or null when the defender must choose a model. */
export function settleAllocation(state: State): State | null {
  const a = state.allocation!;
  const foe = otherRole(a.by);
  const pool = currentPool(state);
  if (pool.wounds <= 0 || !unitAlive(state.wounds[foe])) return finishPool(state);
  const locked = lockedModel(a, state.wounds[foe]);
  const byHand = !a.auto && state.setup[foe].allocateByHand;
  // A model the defending player chose takes the pool's wounds alone until it is removed; in the
  // unit's own order the locked model is the next in line anyway, and the batch starts at it.
  if (locked && (byHand || !sameModel(locked, defaultTarget(state.wounds[foe])))) return startRun(state, locked, true);
  // Seed 000: the defender chooses only where there is a choice (identical models are one choice),
  // and only when the setup says this unit allocates by hand; otherwise the order of its list.
  if (!byHand || modelClasses(state.wounds[foe]).length === 1)
    return startRun(state, defaultTarget(state.wounds[foe])!, false);
  return null;
}

/**
 * Between allocations: the next side's wound pool to allocate (the only one, or the next Initiative
 * step when none is left), or null when the attacking player must order two or more pools.
 */
export function settlePools(s: State): State | null {
  for (const by of roles) {
    const left = poolsLeft(s, by);
    if (left.length === 0) {
      if (s.pools[by].length > 0) return { ...s, pools: { ...s.pools, [by]: [] } };
      continue;
    }
    if (!unitAlive(s.wounds[otherRole(by)])) {
      const lost = left.reduce((n, p) => n + p.wounds, 0);
      const t = autoLine(
        s,
        by,
        `${s.setup[by].name}: wound pools`,
        `${plural(lost, 'wound')} lost: no model of ${s.setup[otherRole(by)].name} is left`,
      );
      return { ...t, pools: { ...t.pools, [by]: [] } };
    }
    // Seed 000: the attacking player orders the pools, when there is more than one and the setup
    // says this unit allocates by hand; otherwise in the order of its model groups.
    if (
      left.length >= 2 &&
      s.setup[by].allocateByHand &&
      !poolsAlike(s.setup, otherRole(by), left, s.wounds[otherRole(by)])
    )
      return null;
    if (left.length >= 2 && s.setup[by].allocateByHand) {
      // A choice with one sensible answer is not asked: pools every model takes alike go in the order of the groups.
      const t = autoLine(
        s,
        by,
        `${s.setup[by].name}: which wound pool next?`,
        `${left.map(poolSummary).join(', ')}: in this order, not asked`,
        [
          {
            rule: 'Wound pool',
            detail: `every model of ${s.setup[otherRole(by)].name} takes these pools alike (the same save, Feel No Pain and Instant Death), so their order cannot change anything`,
          },
        ],
      );
      return startAllocation(t, by, left[0]!.key);
    }
    return startAllocation(s, by, left[0]!.key);
  }
  return enterNextStep(s);
}

/** RULES §2 Sweeping Advance: caught → destroyed, unless And They Shall Know No Fear; otherwise the loser falls back. */
export function resolveSweep(state: State, caught: boolean, detail: string): State {
  const winner = state.result!.winner!;
  const loser = otherRole(winner);
  const { setup } = state;
  const title = `${setup[winner].name}: Sweeping Advance`;
  const why = [
    {
      rule: 'Sweeping Advance',
      detail: `${detail}; the winner's total equal to or higher than the loser's catches it`,
    },
  ];
  if (caught && setup[loser].atsknf) {
    const s = autoLine(
      state,
      winner,
      title,
      `${setup[loser].name} are caught, but And They Shall Know No Fear: they are not destroyed and stay locked in combat`,
      why,
    );
    return { ...s, phase: 'roundEnd', fate: { ...s.fate, [loser]: 'heldByATSKNF' } };
  }
  if (caught) {
    const s = autoLine(state, winner, title, `${setup[loser].name} are caught and destroyed`, why);
    return {
      ...s,
      phase: 'over',
      fate: { ...s.fate, [loser]: 'swept' },
      notes: [...s.notes, `${setup[winner].name} may consolidate D6" (a reminder: move it at the table).`],
    };
  }
  const s = autoLine(state, winner, title, `${setup[loser].name} escape and fall back`, why);
  return {
    ...s,
    phase: 'over',
    fate: { ...s.fate, [loser]: 'fellBack' },
    notes: [
      ...s.notes,
      `${setup[loser].name} fall back toward their table edge; ${setup[winner].name} consolidate D6" (reminders: move them at the table).`,
    ],
  };
}

/** After the result is shown: Morale for a loser with models left, the next round after a draw, or the end. */
export function afterResult(state: State): State {
  const r = state.result!;
  if (r.wiped.attacker || r.wiped.defender) return { ...state, phase: 'over' };
  if (r.winner === null) return { ...state, phase: 'roundEnd' };
  return { ...state, phase: 'morale' };
}
