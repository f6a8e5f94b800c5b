import { endOf, type CombatEnd } from '../../../../analysis/combat/tally';
import { otherRole, type Role, type State } from '../../state';
import { epicArmageddonWalk } from '../walkChain';
import { attackerOf, defenderOf, unitsOf, type Context } from './context';
import { MAP_ADD, shared } from './work';

/**
 * The end of the assault an end's key stands for (stages.ts endKey), exactly the object the engine's
 * own finished state gives (tally.ts endOf): built from a finished state with those units — the
 * loser Broken (it withdrew, or has nothing left) — and read by the chain's own fates.
 */
export function endAt(ctx: Context, key: number): CombatEnd {
  return shared(
    ctx.ends,
    key,
    () => {
      const winner: Role = key % 2 === 0 ? 'attacker' : 'defender';
      const pair = (key - (key % 2)) / 2;
      const units = {
        attacker: unitsOf(ctx.sides.attacker, attackerOf(ctx, pair)),
        defender: unitsOf(ctx.sides.defender, defenderOf(ctx, pair)),
      };
      const none = { attacker: 0, defender: 0 };
      const finished: State = {
        setup: ctx.setup,
        round: 0,
        units,
        kills: none,
        roundStart: null,
        phase: { at: 'end' },
        result: {
          round: 0,
          winner,
          at: 'A6',
          kills: none,
          totals: null,
          extraHits: none,
          extraLosses: none,
          reason: '',
        },
        previous: [],
        broken: { ...ctx.broken, [otherRole(winner)]: true },
        blastMarkers: ctx.blastMarkers,
        notes: [],
        counter: 0,
        log: [],
      };
      return endOf(epicArmageddonWalk, finished);
    },
    2 * MAP_ADD,
  ) as CombatEnd;
}
