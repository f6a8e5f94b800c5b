import { QUICK_SHARE, type WholeCombatAnswer, type WholeCombatOdds } from '../../../analysis/combat';
import { wholeFigureText, wholeHeadlinesOf } from '../../../analysis/combat/headline';
import type { Chunked } from '../../../analysis/chunked';
import { noOddsBecause } from '../../../analysis/guarded';
import { advance, type Combat, type RuleSystem } from '../../../combat';
import type { CombatOdds } from '../../channels/combat';
import { ApiFailure } from '../../reply';

/** The whole combat's odds from a state of a system, in chunks; `share` (0–1) of the work one answer may take. */
export type WholeInChunks = (systemId: string, state: unknown, share?: number) => Chunked<WholeCombatAnswer>;

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

export interface WholeAt {
  system: RuleSystem;
  /** The combat's first state (before any input) and its whole-combat answer once known (remembered by the caller). */
  start: { state: unknown; answer: WholeCombatAnswer | undefined; keep(answer: WholeCombatAnswer): void };
  combat: Combat;
  quick: boolean;
}

/**
 * The whole combat's odds beside the round's: at the start (remembered) and now, and at a choose
 * step each option's chance for the chooser to win the combat. The whole combat gets the work
 * `analyze` and print get (about a second at most), in chunks.
 */
export async function wholeOdds(
  ask: WholeInChunks,
  round: CombatOdds,
  { system, start, combat, quick }: WholeAt,
  finisher: Finisher,
): Promise<CombatOdds> {
  const share = quick ? QUICK_SHARE : 1;
  let first = start.answer;
  if (first === undefined) {
    first = await finish(ask(system.id, start.state, share), finisher);
    // Only the full answer is kept: a quick one is refined at once.
    if (!quick) start.keep(first);
  }
  if (first === null) return round;
  const now = combat.log.inputs.length === 0 ? first : await finish(ask(system.id, combat.state, share), finisher);
  const odds = (a: WholeCombatAnswer) => (a?.ok ? a.odds : null);
  const unavailable = now?.ok ? null : now ? noOddsBecause('No odds for the whole combat', now.tooLarge) : null;
  const choices = quick ? round.choices : await wholeChoices(ask, system, combat, round.choices, finisher);
  return { ...round, choices, whole: { start: odds(first), now: odds(now), unavailable } };
}

/** Each option's whole-combat figure for the chooser, where the options change it (pursuit, restraint, allocation). */
async function wholeChoices(
  ask: WholeInChunks,
  system: RuleSystem,
  combat: Combat,
  choices: CombatOdds['choices'],
  finisher: Finisher,
): Promise<CombatOdds['choices']> {
  const step = combat.step;
  // Choices with many options (how many attacks at a character) share one answer's work among them; past four, none is worked out.
  if (step.kind !== 'choose' || step.options.length > 4) return choices;
  const share = 1 / step.options.length;
  const each: Array<WholeCombatOdds | null> = [];
  for (const { id } of step.options) {
    const taken = advance(system, combat, { kind: 'choose', stepId: step.id, option: id });
    const answer = taken.ok ? await finish(ask(system.id, taken.combat.state, share), finisher) : null;
    each.push(answer?.ok ? answer.odds : null);
  }
  const figures = wholeHeadlinesOf(each, step.actor, system.view(combat.state).sides[step.actor].name);
  return step.options.map(({ id }, i) => ({
    option: id,
    figure: choices.find((c) => c.option === id)?.figure ?? null,
    whole: figures[i] ? wholeFigureText(figures[i]) : null,
  }));
}
