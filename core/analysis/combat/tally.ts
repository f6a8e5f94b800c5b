import type { Role } from '../../combat/steps';
import { roles } from './roles';
import type { CombatChain, SideCombatOdds, UnitEnd, UnitFate, WholeCombatOdds } from './types';

/**
 * How the walk and the play-outs count the ends of a combat: by round, winner and each main unit's
 * fate, with weights (exact chances, or 1 per play-out). One tally, so the exact and the estimated
 * figures are the same figures.
 */

export interface CombatEnd {
  winner: Role | 'draw';
  fates: Record<Role, UnitEnd>;
  /** Every unit's and character's fate, where the system counts them. */
  units?: UnitFate[];
}

/** Each side's name and main unit, as the odds name them (the system's own view names the sides). */
export function namesOf<S>(
  chain: CombatChain<S>,
  state: S,
): { mainUnits: Record<Role, string>; sides: Record<Role, string> } {
  const view = chain.rules.view(state);
  return {
    mainUnits: chain.mainUnits(state),
    sides: { attacker: view.sides.attacker.name, defender: view.sides.defender.name },
  };
}

/** How a finished state ended: the system's own winner (none named counts as a draw) and fates. */
export function endOf<S>(chain: CombatChain<S>, state: S): CombatEnd {
  const units = chain.unitFates?.(state);
  return { winner: chain.rules.winner?.(state) ?? 'draw', fates: chain.fates(state), ...(units ? { units } : {}) };
}

export class Tally {
  private readonly win = { attacker: 0, defender: 0, draw: 0 };
  private readonly fates: Record<Role, Record<'destroyed' | 'flees' | 'caught', number>> = {
    attacker: { destroyed: 0, flees: 0, caught: 0 },
    defender: { destroyed: 0, flees: 0, caught: 0 },
  };
  readonly rounds: number[] = [];
  unfinished = 0;
  /** Each unit's and character's fates, by its place in the system's list (names may repeat). */
  private units: Array<{ role: Role; unit: string; destroyed: number; flees: number; caught: number }> | null = null;

  /** The units and characters to count, listed from the state the odds start at (a combat that never ends still lists them). */
  track(units: readonly UnitFate[] | undefined): this {
    if (units) this.units = units.map(({ role, unit }) => ({ role, unit, destroyed: 0, flees: 0, caught: 0 }));
    return this;
  }

  add(end: CombatEnd, round: number, w: number): void {
    this.win[end.winner] += w;
    // The units counted are those listed by `track` at the start (the same list at every end).
    end.units?.forEach((u, i) => {
      const counted = this.units?.[i];
      if (!counted) return;
      if (u.chances) for (const [f, q] of Object.entries(u.chances)) counted[f as keyof typeof u.chances] += w * q;
      else if (u.end) counted[u.end] += w;
    });
    for (const role of roles) {
      const f = end.fates[role];
      if (f) this.fates[role][f] += w;
    }
    while (this.rounds.length < round) this.rounds.push(0);
    this.rounds[round - 1]! += w;
  }

  /**
   * Adds `other`'s counts, each times `factor`: the play-outs of an estimate (one per play-out) into
   * the exact chances of the rounds the chain could follow, at the share of the combat they stand for.
   */
  plus(other: Tally, factor: number): this {
    for (const w of ['attacker', 'defender', 'draw'] as const) this.win[w] += factor * other.win[w];
    for (const role of roles)
      for (const f of ['destroyed', 'flees', 'caught'] as const) this.fates[role][f] += factor * other.fates[role][f];
    other.rounds.forEach((w, i) => {
      while (this.rounds.length <= i) this.rounds.push(0);
      this.rounds[i]! += factor * w;
    });
    this.unfinished += factor * other.unfinished;
    other.units?.forEach((u, i) => {
      const counted = this.units?.[i];
      if (!counted) return;
      for (const f of ['destroyed', 'flees', 'caught'] as const) counted[f] += factor * u[f];
    });
    return this;
  }

  /** The figures, each weight divided by `total` (1 for exact chances, the number of play-outs for an estimate). */
  odds(
    chain: { mainUnits: Record<Role, string>; sides: Record<Role, string> },
    info: { exact: boolean; fromRound: number; maxRounds: number },
    total = 1,
  ): WholeCombatOdds {
    const side = (role: Role): SideCombatOdds => ({
      side: chain.sides[role],
      unit: chain.mainUnits[role],
      pDestroyed: clamp(this.fates[role].destroyed / total),
      pFlees: clamp(this.fates[role].flees / total),
      pCaught: clamp(this.fates[role].caught / total),
    });
    return {
      ...info,
      pAttackerWins: clamp(this.win.attacker / total),
      pDefenderWins: clamp(this.win.defender / total),
      pDraw: clamp(this.win.draw / total),
      pUnfinished: clamp(this.unfinished / total),
      rounds: this.rounds.map((w) => clamp(w / total)),
      attacker: side('attacker'),
      defender: side('defender'),
      ...(this.units
        ? {
            units: this.units.map((u) => ({
              role: u.role,
              side: chain.sides[u.role],
              unit: u.unit,
              pDestroyed: clamp(u.destroyed / total),
              pFlees: clamp(u.flees / total),
              pCaught: clamp(u.caught / total),
            })),
          }
        : {}),
    };
  }
}

/** Sums of many small chances can stray past 1 by a rounding error. */
const clamp = (x: number) => Math.min(1, Math.max(0, x));
