import { spend } from '../../../core/analysis/budget';
import type { RoundModel } from '../../../core/analysis/combat/model';
import type { CombatEnd } from '../../../core/analysis/combat/tally';
import type { Role } from '../../../core/combat/steps';
import type { State } from './state';

/**
 * The duel's round model: a round starts from the wounds each side has left (nothing else carries
 * over: the stance is picked anew, and the round number reads nothing). The round's blows are two
 * Bernoulli trials, the challenger's first; the stance taken is the suggested one (Strike).
 */
export interface DuelPosition {
  round: number;
  attacker: number;
  defender: number;
}

const chance = (hitsOn: number) => (7 - hitsOn) / 6;

function fallen(loser: Role): CombatEnd {
  const winner: Role = loser === 'attacker' ? 'defender' : 'attacker';
  return {
    winner,
    fates: { attacker: loser === 'attacker' ? 'destroyed' : null, defender: loser === 'defender' ? 'destroyed' : null },
  };
}

export function duelModel(): RoundModel<State, DuelPosition & { setup: State['setup'] }> {
  return {
    // Only the start of a round is taken: from part-way through one, the chain walks the engine.
    enter: (s) => (s.phase === 'stance' ? { round: s.round, ...s.wounds, setup: s.setup } : null),
    key: (p) => `${p.round}:${p.attacker}:${p.defender}`,
    round: (p) => p.round,
    transition: (p) => {
      spend(10);
      const hit = chance(p.setup.attacker.duellist.hitsOn);
      const back = chance(p.setup.defender.duellist.hitsOn);
      const next = (attacker: number, defender: number) => ({ ...p, round: p.round + 1, attacker, defender });
      const ended: Array<{ end: CombatEnd; p: number }> = [];
      const out: Array<{ position: DuelPosition & { setup: State['setup'] }; p: number }> = [];
      // The challenger's blow: on the defender's last wound, it ends the duel.
      if (p.defender === 1) ended.push({ end: fallen('defender'), p: hit });
      const standing =
        p.defender === 1
          ? [{ d: p.defender, q: 1 - hit }]
          : [
              { d: p.defender - 1, q: hit },
              { d: p.defender, q: 1 - hit },
            ];
      for (const { d, q } of standing) {
        // The defender strikes back while standing: on the challenger's last wound, it ends the duel.
        if (p.attacker === 1) ended.push({ end: fallen('attacker'), p: q * back });
        else out.push({ position: next(p.attacker - 1, d), p: q * back });
        out.push({ position: next(p.attacker, d), p: q * (1 - back) });
      }
      return { next: out, ended };
    },
  };
}
