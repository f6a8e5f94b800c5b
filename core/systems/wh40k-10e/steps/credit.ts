import { expr, type Tally } from '../dice';
import { plural, weaponOf, type Run, type State } from '../state';

/** What the hit and wound rolls score (RULES.md, weapon abilities), and which of their dice are re-rolled. */

function addDevastating(list: State['devastatingPending'], weapon: number, n: number): State['devastatingPending'] {
  if (n === 0) return list;
  const last = list[list.length - 1];
  if (last && last.weapon === weapon) return [...list.slice(0, -1), { weapon, count: last.count + n }];
  return [...list, { weapon, count: n }];
}

/** Hits scored: Lethal Hits auto-wound, Sustained Hits add hits, the rest roll to wound. */
export function creditHits(state: State, run: Run, t: Tally): { run: Run; text: string } {
  const w = weaponOf(state, run.weapon);
  let { woundsToRoll, savesToMake, sustainedRollsPending } = run;
  const notes: string[] = [];
  // Lethal Hits: a Critical Hit wounds automatically (not a Critical Wound).
  if (w.abilities.lethalHits) {
    savesToMake += t.critical;
    if (t.critical > 0) notes.push(`${t.critical} Lethal: wound automatically`);
  } else woundsToRoll += t.critical;
  // Sustained Hits X: a Critical Hit scores X additional hits.
  if (w.abilities.sustainedHits !== null && t.critical > 0) {
    const e = expr(w.abilities.sustainedHits);
    if (e.count === 0) {
      woundsToRoll += t.critical * e.modifier;
      notes.push(`+${t.critical * e.modifier} Sustained Hits`);
    } else {
      sustainedRollsPending += t.critical;
      notes.push(`Sustained Hits ${w.abilities.sustainedHits} to roll for ${t.critical}`);
    }
  }
  woundsToRoll += t.success;
  return { run: { ...run, woundsToRoll, savesToMake, sustainedRollsPending }, text: notes.join('; ') };
}

/** Wounds scored: Devastating Wounds turn Critical Wounds into mortal wounds after all normal damage; the rest are saved against. */
export function creditWounds(state: State, run: Run, t: Tally): { state: State; run: Run; text: string } {
  const w = weaponOf(state, run.weapon);
  // Devastating Wounds: a Critical Wound allows no save; its D mortal wounds come after all normal damage.
  const dev = w.abilities.devastatingWounds ? t.critical : 0;
  const s = { ...state, devastatingPending: addDevastating(state.devastatingPending, run.weapon, dev) };
  const text = dev > 0 ? `${dev} Devastating Wounds: mortal wounds after all normal damage` : '';
  return { state: s, run: { ...run, savesToMake: run.savesToMake + t.critical - dev + t.success }, text };
}

/** The first roll of a pool: which dice the weapon re-rolls (before modifiers: seed 001). */
export function rerollsOf(policy: string, t: Tally, fishing: boolean): { count: number; choice: number | null } {
  if (policy === 'ones') return { count: t.ones, choice: null };
  if (policy === 'failed') return { count: t.fail, choice: null };
  if (policy === 'all') return { count: t.fail, choice: fishing && t.success > 0 ? t.success : null };
  return { count: 0, choice: null };
}

export function describe(t: Tally, what: string, reroll: number): string {
  const n = t.critical + t.success;
  return `${plural(n, what)} (${t.critical} critical)${reroll > 0 ? `, ${reroll} to re-roll` : ''}`;
}
