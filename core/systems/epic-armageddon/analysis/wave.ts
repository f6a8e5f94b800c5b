import { completeDefault, remainingOf, slotsOf } from '../allocation';
import { freshUnsavedChance, unsavedChance } from '../saves';
import { entryOf, otherRole, type Role, type State, type Wave } from '../state';
import { poissonBinomial } from './dice';
import type { SideModel } from './model';
import { hitsOf } from './pools';
import { product, transition, warEngineAfter, type StateDist } from './transition';

/**
 * A wave under way, for one side (the two sides' fates in a wave are independent once the dice
 * that will be rolled are known): the hits still to land from the enemy's dice not yet rolled,
 * the allocation so far (completed by default, as `analyze` assumes; what a player already chose
 * stands), and each hit's saves so far. The result is the distribution over the side's state
 * when the wave's casualties are removed.
 */

/** Adds `weight × d` into `acc` (state → probability). */
export function addInto(acc: Map<number, number>, d: StateDist, weight: number) {
  for (let i = 0; i < d.xs.length; i++) {
    const x = d.xs[i]!;
    acc.set(x, (acc.get(x) ?? 0) + weight * d.ps[i]!);
  }
}

export const fromMap = (acc: Map<number, number>): StateDist => ({ xs: [...acc.keys()], ps: [...acc.values()] });

export function waveFate(m: SideModel, state: State, role: Role, wave: Wave): StateDist {
  const { setup } = state;
  const units = state.units[role];
  const on = wave.on[role];
  if (on.saves === null && on.given === null) {
    // Dice still to roll: every total they can make, allocated from scratch.
    const pending = wave.groups.filter((g) => g.by === otherRole(role));
    const h = hitsOf(pending, on.hits);
    const acc = new Map<number, number>();
    h.macro.forEach((pm, mh) => {
      if (pm === 0) return;
      h.normal.forEach((pn, nh) => {
        if (pn === 0) return;
        addInto(acc, transition(m, m.start, mh, nh), pm * pn);
      });
    });
    return fromMap(acc);
  }
  // Each unit's chances of an unsaved hit, hit by hit.
  const chances: number[][] = units.map(() => []);
  if (on.saves !== null) {
    for (const h of on.saves) chances[h.unit]!.push(unsavedChance(entryOf(setup, role, units[h.unit]!), role, h));
  } else {
    const given = completeDefault(slotsOf(setup, role, units), on.given!, remainingOf(on.hits, on.given!));
    given.forEach(([mh, nh], unit) => {
      const e = entryOf(setup, role, units[unit]!);
      for (let k = 0; k < mh; k++) chances[unit]!.push(freshUnsavedChance(e, role, true));
      for (let k = 0; k < nh; k++) chances[unit]!.push(freshUnsavedChance(e, role, false));
    });
  }
  const perBlock = m.blocks.map((b) => {
    if (b.warEngine) return warEngineAfter(b.size, poissonBinomial(chances[b.units[0]!]!));
    return poissonBinomial(b.units.map((u) => chances[u]!.reduce((s, q) => s * (1 - q), 1)));
  });
  return product(m, perBlock);
}
