import { beforeRound, type State, type UnitStatus } from '../../state';
import { FIGHTING, statusNames, type Context } from './context';

/**
 * Between the model's arrays and the engine's records (state.ts `lost` by pool, `status` by unit):
 * a position read from an engine state, and — where the model asks one of the engine's own rules
 * once per round rather than once per die (the order of strikes, the rank bonus, a stalemate) —
 * the records that rule reads.
 */

export function lostVector(ctx: Context, lost: Readonly<Record<string, number>>): number[] {
  return ctx.pools.map((p) => lost[p.key] ?? 0);
}

export function statusVector(ctx: Context, status: Readonly<Record<string, UnitStatus>>): number[] {
  return ctx.units.map((u) => {
    const s = status[u.key] ?? 'fighting';
    return s === 'fighting' ? FIGHTING : statusNames.indexOf(s);
  });
}

export function lostRecord(ctx: Context, lost: ArrayLike<number>): Record<string, number> {
  const out: Record<string, number> = {};
  ctx.pools.forEach((p, i) => (out[p.key] = lost[i]!));
  return out;
}

export function statusRecord(ctx: Context, status: ArrayLike<number>): Record<string, UnitStatus> {
  const out: Record<string, UnitStatus> = {};
  ctx.units.forEach((u, i) => (out[u.key] = statusNames[status[i]!]!));
  return out;
}

/** The engine state's parts the rules read between rounds, for the engine's own functions (the rest as at a round's start). */
export function engineStateOf(
  ctx: Context,
  at: { round: number; lost: ArrayLike<number>; status: ArrayLike<number>; hasWonRound: readonly boolean[] },
): State {
  const lost = lostRecord(ctx, at.lost);
  const status = statusRecord(ctx, at.status);
  const hasWonRound = { attacker: at.hasWonRound[0]!, defender: at.hasWonRound[1]! };
  return beforeRound(ctx.setup, { round: at.round, previousWinner: null, lost, status, hasWonRound });
}
