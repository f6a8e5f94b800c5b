import type { Role } from '../../combat/steps';
import type { WholeCombatOdds } from './types';

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

export function wholeHeadlinesOf(options: ReadonlyArray<WholeCombatOdds | null>, chooser: Role, sideName?: string): Array<WholeHeadline | null> {
  const known = options.filter((o): o is WholeCombatOdds => o !== null);
  if (known.length < 2) return options.map(() => null);
  const values = known.map((o) => winOf(o, chooser));
  const noise = Math.max(0, ...known.map((o) => (o.exact ? 0 : 2 * (o.standardError ?? 0))));
  if (Math.max(...values) - Math.min(...values) <= Math.max(1e-9, noise)) return options.map(() => null);
  return options.map((o) => (o ? { side: sideName ?? (chooser === 'attacker' ? 'Attacker' : 'Defender'), value: winOf(o, chooser), ...(o.exact ? {} : { standardError: o.standardError ?? 0 }) } : null));
}

/** "62.0%", or an estimate "≈ 62% ± 3%": how every whole-combat chance is written. */
export function chanceText(value: number, standardError?: number): string {
  if (standardError === undefined) return `${(100 * value).toFixed(1)}%`;
  return `≈ ${Math.round(100 * value)}% ± ${Math.max(1, Math.round(100 * standardError))}%`;
}

/** "Whole combat: you win 62.0%": an option's whole-combat figure as it reads beside the option. */
export const wholeFigureText = (h: WholeHeadline) => `Whole combat: ${h.side} win ${chanceText(h.value, h.standardError)}`;
