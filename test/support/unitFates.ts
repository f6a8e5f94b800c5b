import { expect } from 'vitest';
import {
  wholeCombatOddsSchema,
  type CombatChain,
  type UnitEnd,
  type WholeCombatOdds,
} from '../../core/analysis/combat';
import { runCli } from '../../cli/main';
import { advance, type Combat } from '../../core/combat/engine';
import { autoInput, rngFor } from './drive';

/**
 * Every unit's and character's fate (the whole-combat odds' `units`) against the engine itself:
 * seeded games played as `combat-companion resolve` plays them ("Roll for me", the suggested option,
 * continue), each unit's chance to be destroyed, to flee, to be caught within 4 standard errors
 * (+ 2/N for the rare ones) of the share of games it happened in. Seeds are fixed: deterministic.
 */

/** One game's fate of every unit the chain lists, in its order; null for a game still going after `maxRounds`. */
export type PlayedFates = UnitEnd[] | null;

export function playFates(
  chain: CombatChain,
  combat: Combat,
  games: number,
  maxRounds: number,
  from = 0,
): PlayedFates[] {
  return Array.from({ length: games }, (_, k) => {
    let c: Combat = { ...combat, rng: rngFor(from + k) };
    for (;;) {
      if (chain.round(c.state) > maxRounds) return null;
      if (c.step.kind === 'outcome' && c.step.final) return chain.unitFates!(c.state).map((u) => u.end);
      const r = advance(chain.rules, c, autoInput(c));
      if (!r.ok) throw new Error(r.error.message);
      c = r.combat;
    }
  });
}

const tolerance = (p: number, n: number) => 4 * Math.sqrt((p * (1 - p)) / n) + 2 / n;

/** Each unit's three chances against the games, and the fates of each unit summing to at most 1. */
export function expectUnitsAgree(odds: WholeCombatOdds, games: readonly PlayedFates[]): void {
  const n = games.length;
  const units = odds.units!;
  units.forEach((u, i) => {
    expect(u.pDestroyed + u.pFlees + u.pCaught, `${u.unit}: its fates are exclusive`).toBeLessThanOrEqual(1 + 1e-9);
    for (const [end, p] of [
      ['destroyed', u.pDestroyed],
      ['flees', u.pFlees],
      ['caught', u.pCaught],
    ] as const) {
      const seen = games.filter((g) => g?.[i] === end).length / n;
      expect(
        Math.abs(seen - p),
        `${u.role} ${u.unit} ${end}: engine ${seen} v odds ${p} (N = ${n})`,
      ).toBeLessThanOrEqual(tolerance(p, n));
    }
  });
}

/** `combat-companion analyze FILE`'s whole-combat object, as the command line prints it (it must exit 0). */
export async function analyzedCombat(file: string): Promise<WholeCombatOdds> {
  let out = '';
  const code = await runCli(['analyze', file], { out: (t) => (out += t), err: () => {}, stdin: async () => '' });
  expect(code).toBe(0);
  return wholeCombatOddsSchema.parse((JSON.parse(out) as { combat: unknown }).combat);
}
