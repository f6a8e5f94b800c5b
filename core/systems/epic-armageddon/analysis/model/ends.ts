import { endOf, type CombatEnd } from '../../../../analysis/combat/tally';
import type { UnitEnd, UnitFate } from '../../../../analysis/combat/types';
import { otherRole, roles, type Role, type State } from '../../state';
import { epicArmageddonWalk } from '../walkChain';
import { attackerOf, countOf, defenderOf, leftOf, unitsOf, type Context } from './context';
import { endLayout } from './labels';
import { MAP_ADD, shared } from './work';

/**
 * The ends of the assault. An end is known by who won and each class's count after; the end object
 * is the engine's own (tally.ts endOf of a finished state with those units — the loser Broken: it
 * withdrew, or has nothing left), except that each unit of a labelled class gets its fate as
 * chances (UnitFate.chances), from its chance to be standing at the end: destroyed if not, and if
 * so the fate of the class's standing units (withdrawing with a broken formation, or none).
 *
 * So ends that differ only in how many of a labelled class stand are one end (an end class): the
 * winner, each formation's fate and every other unit's fate are the same, and the labelled units'
 * chances add up linearly (each fate's chance stays exact).
 */

/** An end's exact key: the pair of codes the assault ended at, and who won. */
const endKey = (ctx: Context, winner: Role, xa: number, xd: number) =>
  (xa * ctx.sides.defender.size + xd) * 2 + (winner === 'attacker' ? 0 : 1);

/** What tells an end class apart: the winner, each side wiped out or not, and each lone unit or war engine standing or not. */
function signature(ctx: Context, winner: Role, xa: number, xd: number): string {
  const x = { attacker: xa, defender: xd };
  return [
    winner,
    ...roles.map((role) => {
      const side = ctx.sides[role];
      const bits = side.classes.map((c, k) => (c.labelled >= 0 ? '' : countOf(side, x[role], k) > 0 ? '1' : '0'));
      return `${leftOf(side, x[role]) === 0 ? 'w' : ''}${bits.join('')}`;
    }),
  ].join('|');
}

/** The class of the end won by `winner` at codes (xa, xd): a small number, the same in every run. */
export function endClassOf(ctx: Context, winner: Role, xa: number, xd: number): number {
  const key = endKey(ctx, winner, xa, xd);
  return shared(
    ctx.shared.endClass,
    key,
    () => {
      const sig = signature(ctx, winner, xa, xd);
      let id = ctx.shared.endIds.get(sig);
      if (id === undefined) ctx.shared.endIds.set(sig, (id = ctx.shared.endKeys.push(key) - 1));
      return id;
    },
    MAP_ADD,
  );
}

interface EndBase {
  end: CombatEnd;
  /** Per side: the fate of its units left standing at this end. */
  standing: Record<Role, UnitEnd>;
}

/** The end object of a finished state with the units of the end class's key, by the engine's own reading (shared by every run). */
function endBase(ctx: Context, id: number): EndBase {
  return shared(
    ctx.shared.ends,
    id,
    () => {
      const key = ctx.shared.endKeys[id]!;
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
      const end = endOf(epicArmageddonWalk, finished);
      // Every unit left standing on a side has one fate (it withdraws with its broken formation, or none): any of them tells it.
      const offset = { attacker: 0, defender: units.attacker.length };
      const standing = { attacker: null, defender: null } as EndBase['standing'];
      for (const role of roles) {
        const i = units[role].findIndex((u) => u.left > 0);
        if (i >= 0) standing[role] = end.units![offset[role] + i]!.end;
      }
      return { end, standing };
    },
    2 * MAP_ADD,
  ) as EndBase;
}

/**
 * The end of class `id`, its labelled units' fates from `alive` (each labelled unit's chance to
 * stand at the end, laid out as labels.ts endLayout says).
 */
export function endAt(ctx: Context, id: number, alive: Float64Array): CombatEnd {
  const { end, standing } = endBase(ctx, id);
  const { off } = endLayout(ctx);
  const units = end.units!.map((u, i): UnitFate => {
    const role = u.role;
    const side = ctx.sides[role];
    const index = role === 'attacker' ? i : i - ctx.sides.attacker.unitClass.length;
    const { cls, place } = side.unitClass[index]!;
    const j = side.classes[cls]!.labelled;
    if (j < 0) return u;
    const q = Math.min(1, Math.max(0, alive[off[role][j]! + place]!));
    const fate = standing[role];
    const chances: UnitFate['chances'] = {};
    if (q < 1) chances.destroyed = 1 - q;
    if (fate && q > 0) chances[fate] = q;
    return { role, unit: u.unit, end: null, chances };
  });
  return { ...end, units };
}
