import { QUICK_SHARE, type WholeCombatAnswer, type WholeCombatOdds, type WholeWork } from '../../../analysis/combat';
import {
  bestForTheFight,
  fightHeadline,
  sameChanceNote,
  wholeFigureText,
  wholeHeadlinesOf,
} from '../../../analysis/combat/headline';
import type { Chunked } from '../../../analysis/chunked';
import { noOddsBecause } from '../../../analysis/guarded';
import { advance, type Combat, type RuleSystem } from '../../../combat';
import type { CombatOdds } from '../../channels/combat';
import { ApiFailure } from '../../reply';

/** The whole combat's odds from a state of a system, in chunks; `share` (0–1) of the work one answer may take, or a share each for the exact chain and the estimate. */
export type WholeInChunks = (
  systemId: string,
  state: unknown,
  share?: number | WholeWork,
) => Chunked<WholeCombatAnswer>;

/** How a whole-combat answer is worked out: chunk by chunk, pausing between, stopped once a later job took over. */
export interface Finisher {
  pause?: () => Promise<void>;
  superseded: () => boolean;
}

/**
 * Works a chunked analysis out to its end, pausing between chunks so that whatever else has come in
 * is answered first. Once a later job has taken over, the work stops and this one is answered with
 * a conflict: nobody waits for those figures any more (the players moved on).
 */
export async function finish<T>(work: Chunked<T>, { pause, superseded }: Finisher): Promise<T> {
  for (;;) {
    const r = work.next();
    if (r.done) return r.value;
    if (pause) await pause();
    if (superseded()) {
      work.return(undefined as T);
      throw new ApiFailure(
        'conflict',
        'The combat moved on before these odds of the whole combat were ready: the odds of the step it is at now are worked out instead.',
      );
    }
  }
}

/** Whole-combat answers kept by the caller per state of one combat (the odds service keeps them per combat). */
export interface KeptAnswers {
  get(state: unknown): WholeCombatAnswer | undefined;
  keep(state: unknown, answer: WholeCombatAnswer): void;
}

export interface WholeAt {
  system: RuleSystem;
  /** The combat's first state (before any input): its answer is the headline's "at the start". */
  first: unknown;
  kept: KeptAnswers;
  combat: Combat;
  quick: boolean;
}

/**
 * The whole combat's answer from `state`: kept from an earlier asking, else worked out and kept
 * when final — a full answer, or a quick one that counted exactly (an exact count is the same
 * whatever work it was given, so the full request that follows the quick one need not count it
 * again). A quick estimate is not kept: the full request refines it.
 */
async function answerAt(
  ask: WholeInChunks,
  { system, kept, quick }: WholeAt,
  state: unknown,
  finisher: Finisher,
): Promise<WholeCombatAnswer> {
  const seen = kept.get(state);
  if (seen !== undefined) return seen;
  const answer = await finish(ask(system.id, state, quick ? QUICK_SHARE : 1), finisher);
  if (!quick || (answer?.ok && answer.odds.exact)) kept.keep(state, answer);
  return answer;
}

/**
 * The whole combat's odds beside the round's: at the start and now (each kept once final), and at
 * a choose step each option's chance for the chooser to win the combat. The whole combat gets the
 * work `analyze` and print get (about a second at most), in chunks; a quick asking, a first figure
 * from part of it (QUICK_SHARE) and no options' figures.
 */
export async function wholeOdds(
  ask: WholeInChunks,
  round: CombatOdds,
  at: WholeAt,
  finisher: Finisher,
): Promise<CombatOdds> {
  const { system, combat, quick } = at;
  const first = await answerAt(ask, at, at.first, finisher);
  if (first === null) return round;
  const now = combat.log.inputs.length === 0 ? first : await answerAt(ask, at, combat.state, finisher);
  const odds = (a: WholeCombatAnswer) => (a?.ok ? a.odds : null);
  const unavailable = now?.ok ? null : now ? noOddsBecause('No odds for the whole combat', now.tooLarge) : null;
  const weighed = quick ? {} : await wholeChoices(ask, system, combat, round, finisher);
  const headline = now?.ok ? { headline: fightHeadline(now.odds) } : {};
  return { ...round, ...weighed, whole: { start: odds(first), now: odds(now), ...headline, unavailable } };
}

/**
 * The share of the whole combat's work each option of a choice may take: at least half, so an
 * option whose fight the example's own start can count exactly is counted exactly too (a fifth each
 * left The Ninth Age's best allocation an estimate, and the pick followed the noise). At most
 * MAX_WEIGHED options, in chunks on the odds' own thread: a step never waits for them.
 */
const optionShare = (options: number) => Math.max(1 / Math.max(1, options), 0.5);

/** More options than this at one choice are not weighed by the fight (each one is a whole combat worked out). */
const MAX_WEIGHED = 8;

/**
 * Every option of a choice weighed by the fight (issue 34): the chooser's chance to win the whole
 * combat after each, the best of them the one to suggest (ties go to the rules' own default), and,
 * where the options cannot change that chance, words that say so instead of repeated numbers. A
 * pause (fought on next turn) is no answer to the rules: it gets no figure and is never suggested.
 */
async function wholeChoices(
  ask: WholeInChunks,
  system: RuleSystem,
  combat: Combat,
  round: CombatOdds,
  finisher: Finisher,
): Promise<Pick<CombatOdds, 'choices' | 'best' | 'choiceNote'>> {
  const step = combat.step;
  if (step.kind !== 'choose' || step.options.length > MAX_WEIGHED) return round;
  const answers = step.options.filter((o) => !o.pause);
  const each: Array<WholeCombatOdds | null> = [];
  for (const option of step.options) {
    const taken = option.pause ? null : advance(system, combat, { kind: 'choose', stepId: step.id, option: option.id });
    const answer = taken?.ok
      ? await finish(ask(system.id, taken.combat.state, optionShare(answers.length)), finisher)
      : null;
    each.push(answer?.ok ? answer.odds : null);
  }
  const side = system.view(combat.state).sides[step.actor].name;
  const figures = wholeHeadlinesOf(each, step.actor, side);
  const choices = step.options.map(({ id }, i) => ({
    option: id,
    figure: round.choices.find((c) => c.option === id)?.figure ?? null,
    whole: figures[i] ? wholeFigureText(figures[i]) : null,
  }));
  const best = bestForTheFight(each, step.options, step.actor);
  const note = figures.every((f) => f === null) ? sameChanceNote(each, step.actor, side) : null;
  return { choices, best, ...(note ? { choiceNote: note } : {}) };
}
