import type { Role } from '../../combat/steps';
import type { SideCombatOdds, WholeCombatOdds } from './types';

/**
 * The whole-combat figure a player compares the options of a choice by: the chooser's chance to win
 * the combat, from the state each option leads to — shown only when the options change it (a
 * pursuit, a restraint test, an allocation that matters for later rounds). Exact figures differ or
 * not; estimated ones must differ by more than their errors, or the difference is only noise.
 */
export interface WholeHeadline {
  side: string;
  value: number;
  /** Present for an estimate: its standard error. */
  standardError?: number;
}

const winOf = (o: WholeCombatOdds, chooser: Role) => (chooser === 'attacker' ? o.pAttackerWins : o.pDefenderWins);

/**
 * Whether an option stops the combat with both sides still fighting ("Stop here: the combat goes
 * on next turn"): the odds from it count the stop as an end won by the last round's winner (how a
 * stopped combat is recorded), so they read "win 100%" or "0%" — but the fight itself goes on next
 * turn, so no chance of winning it stands for that option. Known by its odds: exact, over at once,
 * and no unit destroyed, fled or caught.
 */
export function stoppedUndecided(o: WholeCombatOdds): boolean {
  const noFate = (s: SideCombatOdds) => s.pDestroyed === 0 && s.pFlees === 0 && s.pCaught === 0;
  return o.exact && o.rounds[o.fromRound - 1] === 1 && [o.attacker, o.defender, ...(o.units ?? [])].every(noFate);
}

export function wholeHeadlinesOf(
  allOptions: ReadonlyArray<WholeCombatOdds | null>,
  chooser: Role,
  sideName?: string,
): Array<WholeHeadline | null> {
  // A stop has no figure of its own (see above): the options are compared without it.
  const options = allOptions.map((o) => (o && !stoppedUndecided(o) ? o : null));
  const known = options.filter((o): o is WholeCombatOdds => o !== null);
  if (known.length < 2) return options.map(() => null);
  const values = known.map((o) => winOf(o, chooser));
  const noise = Math.max(0, ...known.map((o) => (o.exact ? 0 : 2 * (o.standardError ?? 0))));
  if (Math.max(...values) - Math.min(...values) <= Math.max(1e-9, noise)) return options.map(() => null);
  return options.map((o) =>
    o
      ? {
          side: sideName ?? (chooser === 'attacker' ? 'Attacker' : 'Defender'),
          value: winOf(o, chooser),
          ...(o.exact ? {} : { standardError: o.standardError ?? 0 }),
        }
      : null,
  );
}

/**
 * "62.0%", or an estimate "≈ 62% ± 3%": how every whole-combat chance is written. An estimate
 * finer than half a percent (most of the combat counted exactly, the rest played out) is written
 * to a tenth, "≈ 50.1% ± 0.2%": rounded to a whole percent, its error would read as none. Without
 * its error ("≈ 50.1%"), where a table gives one error for a whole column (`errorText`).
 */
export function chanceText(value: number, standardError?: number, withError = true): string {
  if (standardError === undefined) return `${(100 * value).toFixed(1)}%`;
  const figure = `≈${NBSP}${fine(standardError) ? (100 * value).toFixed(1) : Math.round(100 * value)}%`;
  return withError ? `${figure}${NBSP}±${NBSP}${errorText(standardError)}` : figure;
}

/** A no-break space: "≈ 50.1% ± 0.2%" never breaks, in a narrow column, an option's card or print. */
export const NBSP = '\u00a0';

/** An estimate's standard error as written: "3%", or to a tenth under half a percent ("0.2%", never "0.0%"). */
export function errorText(standardError: number): string {
  return fine(standardError)
    ? `${Math.max(0.1, 100 * standardError).toFixed(1)}%`
    : `${Math.round(100 * standardError)}%`;
}

const fine = (standardError: number) => standardError < 0.005;

/**
 * "62.0% to win the fight": an option's whole-combat figure as it reads beside the option — the
 * chooser's chance (the card says whose choice it is), the number first so five options read at a
 * glance and stay on a laptop's screen.
 */
export const wholeFigureText = (h: WholeHeadline) => `${chanceText(h.value, h.standardError)} to win the fight`;

/**
 * The option best for the chooser by their chance to win the fight after it: the highest exact
 * chance, or estimate beyond its noise; among options that tie with it, the rules' own default (the
 * option the step marks suggested), else the first. Null where no option can be weighed (fewer than
 * two figures): the rules' own suggestion stands. A pause (`pause`) is never the best.
 */
export function bestForTheFight(
  each: ReadonlyArray<WholeCombatOdds | null>,
  options: ReadonlyArray<{ id: string; suggested?: boolean | undefined; pause?: string | undefined }>,
  chooser: Role,
): string | null {
  const weighed = options
    .map((o, i) => ({ o, odds: o.pause ? null : (each[i] ?? null) }))
    .filter((w): w is { o: (typeof options)[number]; odds: WholeCombatOdds } => w.odds !== null);
  if (weighed.length < 2) return null;
  const value = (w: (typeof weighed)[number]) => winOf(w.odds, chooser);
  const top = Math.max(...weighed.map(value));
  const noise = Math.max(1e-9, ...weighed.map((w) => (w.odds.exact ? 0 : 2 * (w.odds.standardError ?? 0))));
  const tied = weighed.filter((w) => top - value(w) <= noise);
  return (tied.find((w) => w.o.suggested) ?? tied[0]!).o.id;
}

/** Where every option leaves the chooser the same chance to win the fight, that said once in words. */
export function sameChanceNote(
  each: ReadonlyArray<WholeCombatOdds | null>,
  chooser: Role,
  side: string,
): string | null {
  const known = each.filter((o): o is WholeCombatOdds => o !== null && !stoppedUndecided(o));
  if (known.length < 2) return null;
  const chance = chanceText(winOf(known[0]!, chooser), known[0]!.exact ? undefined : known[0]!.standardError);
  return `Whichever is chosen, ${side} win the fight ${chance}: the choice does not change the odds.`;
}

/**
 * The whole fight in one line, as the top of every step reads it: "Space Marines win the fight
 * 65.6% · Orks 34.4% · most likely over in round 1" — a draw where one can happen, what is still
 * fighting after the last round counted where it is, and an estimate marked as one ("≈ 66% ± 1%").
 */
export function fightHeadline(o: WholeCombatOdds): string {
  const error = o.exact ? undefined : o.standardError;
  const parts = [
    `${o.attacker.side} win the fight ${chanceText(o.pAttackerWins, error)}`,
    `${o.defender.side} ${chanceText(o.pDefenderWins, error)}`,
  ];
  // A draw only where it reads as one: "a draw 0.0%" would be a figure for what the odds rule out.
  if (chanceText(o.pDraw, error, false) !== chanceText(0, error, false))
    parts.push(`a draw ${chanceText(o.pDraw, error)}`);
  const likeliest = o.rounds.reduce((best, p, i) => (p > (o.rounds[best] ?? 0) ? i : best), o.fromRound - 1);
  if ((o.rounds[likeliest] ?? 0) > 0) parts.push(`most likely over in round ${likeliest + 1}`);
  if (o.pUnfinished >= 0.005)
    parts.push(`still fighting after round ${o.maxRounds} ${chanceText(o.pUnfinished, error)}`);
  return parts.join(' · ');
}
