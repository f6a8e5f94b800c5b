import type { WholeCombatAnswer } from '../../../analysis/combat';
import type { Analyzed } from '../../../analysis/guarded';
import { advance, replay, startCombat, type Combat, type CombatLog, type RuleSystem } from '../../../combat';
import type { CombatOdds } from '../../channels/combat';
import { ApiFailure } from '../../reply';
import type { OddsJob, OddsOf } from './job';
import { roundOdds, type Analyze } from './round';
import { wholeOdds, type KeptAnswers, type WholeInChunks } from './whole';

export interface OddsServiceDeps {
  systems: Readonly<Record<string, RuleSystem>>;
  analyze: Analyze;
  /** Absent: no whole-combat odds. */
  wholeCombatInChunks?: WholeInChunks;
  /**
   * Whether a system's combat goes on round after round (it has a whole-combat chain): its choices
   * are weighed by the fight, asked with `whole`, never by the round's figure (a round just decided
   * reads 100%: the wrong yardstick). Absent: none does.
   */
  fightsRounds?: (systemId: string) => boolean;
  /** Lets whatever else came in be answered between chunks of a long analysis. */
  pause?: () => Promise<void>;
  /** How many combats to keep worked out at once (the oldest are dropped first). */
  maxOpen?: number;
}

/** A combat as the odds know it: replayed from its log, and what was worked out for it once. */
interface Known {
  /** Its system, seed and setup: a job for the same id with another changes nothing already known. */
  identity: string;
  system: RuleSystem;
  /** Its state before any input. */
  first: unknown;
  combat: Combat;
  before?: Analyzed | null;
  /** Whole-combat answers by state (whole.ts keeps the final ones): a state's goes with it. */
  whole: WeakMap<object, WholeCombatAnswer>;
  /** The number of the latest whole-combat job for it (an earlier one still being worked out is dropped). */
  asked: number;
  /** A setup's odds before it starts (job.ts `preview`): dropped by any combat's job. */
  preview: boolean;
}

/** Answers kept by state where a state is an object (every rule system's is), else none; each also told to `also`. */
const keptIn = (
  answers: WeakMap<object, WholeCombatAnswer>,
  also: (state: unknown, answer: WholeCombatAnswer) => void,
): KeptAnswers => ({
  get: (state) => (state !== null && typeof state === 'object' ? answers.get(state) : undefined),
  keep: (state, answer) => {
    if (state !== null && typeof state === 'object') answers.set(state, answer);
    also(state, answer);
  },
});

/**
 * Exact whole-combat answers from a combat's first state, by system and setup — not by seed: an
 * exact count reads no dice — a bounded number (the oldest dropped first): the combat started from
 * a setup the setup screen previewed (combat.preview) finds its first figure already worked out.
 */
function startsBySetup(max = 20) {
  const answers = new Map<string, WholeCombatAnswer>();
  const keyOf = (job: OddsJob) => JSON.stringify([job.system, job.setup]);
  return {
    get: (job: OddsJob) => answers.get(keyOf(job)),
    keep(job: OddsJob, answer: WholeCombatAnswer): void {
      if (!answer?.ok || !answer.odds.exact) return;
      answers.delete(keyOf(job));
      answers.set(keyOf(job), answer);
      while (answers.size > max) answers.delete(answers.keys().next().value!);
    },
  };
}

const sameInputs = (a: readonly unknown[], b: readonly unknown[], n: number) =>
  a.slice(0, n).every((x, i) => JSON.stringify(x) === JSON.stringify(b[i]));

/** The combat brought to the job's inputs: on from what is known where its inputs are a prefix of the job's, else replayed. */
function broughtTo(known: Known, job: OddsJob): Combat {
  const had = known.combat.log.inputs;
  let combat = known.combat;
  if (had.length > job.inputs.length || !sameInputs(had, job.inputs, had.length))
    combat = startCombat(known.system, combat.log.setup, combat.log.seed);
  for (const input of job.inputs.slice(combat.log.inputs.length)) {
    const r = advance(known.system, combat, input);
    if (!r.ok) throw new ApiFailure('invalid_input', r.error.message, 'inputs');
    combat = r.combat;
  }
  return combat;
}

/**
 * The odds of combats from their logs, wherever the host runs it: in its own thread, or in a
 * worker of their own (oddsWorker.ts) so that a step never waits behind them. Combats are kept
 * worked out by id (their first state's odds, their whole combat's), a bounded number of them.
 */
export function createOddsService(deps: OddsServiceDeps): OddsOf {
  const known = new Map<string, Known>();
  const maxOpen = deps.maxOpen ?? 50;
  const starts = startsBySetup();
  const roundOf = new WeakMap<object, CombatOdds>();

  const knownFor = (job: OddsJob): Known => {
    const system = Object.hasOwn(deps.systems, job.system) ? deps.systems[job.system] : undefined;
    if (!system) throw new ApiFailure('invalid_input', `system: there is no rule system "${job.system}"`, 'system');
    const identity = JSON.stringify([job.system, job.seed, job.setup]);
    let k = known.get(job.id);
    known.delete(job.id);
    if (!k || k.identity !== identity) {
      const combat = startCombat(system, job.setup, job.seed);
      const whole = new WeakMap<object, WholeCombatAnswer>();
      const previewed = starts.get(job);
      if (previewed) whole.set(combat.state as object, previewed);
      k = { identity, system, first: combat.state, combat, whole, asked: k?.asked ?? 0, preview: !!job.preview };
    }
    known.set(job.id, k);
    while (known.size > maxOpen) known.delete(known.keys().next().value!);
    return k;
  };

  const roundAt = (k: Known, combat: Combat): CombatOdds => {
    const seen = roundOf.get(combat.state as object);
    if (seen) return seen;
    if (k.before === undefined) k.before = deps.analyze(k.system.id, k.first);
    const round = roundOdds(deps.analyze, { system: k.system, before: k.before, combat });
    const odds = deps.fightsRounds?.(k.system.id) ? { ...round, best: null } : round;
    roundOf.set(combat.state as object, odds);
    return odds;
  };

  return async (job) => {
    // A combat's job: the setup screens' previews are not waited for any more (job.ts `preview`).
    if (!job.preview) for (const other of known.values()) if (other.preview) other.asked++;
    const k = knownFor(job);
    k.combat = broughtTo(k, job);
    const log: CombatLog = { ...k.combat.log, inputs: job.inputs.slice(0, job.at) };
    const combat = job.at === job.inputs.length ? k.combat : replay(k.system, log);
    const round = roundAt(k, combat);
    const ask = deps.wholeCombatInChunks;
    if (!job.whole || !ask) return round;
    const ticket = ++k.asked;
    const finisher = { ...(deps.pause ? { pause: deps.pause } : {}), superseded: () => k.asked !== ticket };
    const kept = keptIn(k.whole, (state, answer) => state === k.first && starts.keep(job, answer));
    const at = { system: k.system, first: k.first, kept, combat, quick: job.quick };
    return wholeOdds(ask, round, at, finisher);
  };
}
