import type { Setup } from './setup';
import { groupOf, type Allocation, type Role, type UnitWounds } from './state';

/**
 * Which model takes the next wound (seed 000 "Allocate Wounds & Remove Casualties"): once a model
 * has a wound of the pool allocated it keeps taking them until it dies or the pool is empty.
 * Otherwise the defender chooses; the default (SCENARIOS §2) is the first surviving model in the
 * `models` list, group by group, and within a group (identical models) the one already wounded.
 */

export interface ModelRef {
  group: number;
  model: number;
}

/** SCENARIOS §2 default target: the first group with a model standing, its most wounded model (the first such). */
export function defaultTarget(wounds: UnitWounds): ModelRef | null {
  for (let group = 0; group < wounds.length; group++) {
    const models = wounds[group]!;
    let best = -1;
    models.forEach((w, i) => {
      if (w > 0 && (best < 0 || w < models[best]!)) best = i;
    });
    if (best >= 0) return { group, model: best };
  }
  return null;
}

/** The locked model, while it stands. */
export function lockedModel(allocation: Pick<Allocation, 'lock'>, wounds: UnitWounds): ModelRef | null {
  const lock = allocation.lock;
  return lock && (wounds[lock.group]?.[lock.model] ?? 0) > 0 ? lock : null;
}

/** The model the next wound goes to when nobody chooses: the locked one, else the default. */
export const nextTarget = (allocation: Pick<Allocation, 'lock'>, wounds: UnitWounds) =>
  lockedModel(allocation, wounds) ?? defaultTarget(wounds);

/** Models a defender can tell apart: same group and same wounds left are the same choice. */
export interface ModelClass {
  group: number;
  woundsLeft: number;
  /** How many models are in it, and the first of them (the one a choice picks). */
  models: number;
  first: number;
}

/** Every class of surviving models, in the default order (group by group, most wounded first). */
export function modelClasses(wounds: UnitWounds): ModelClass[] {
  const out: ModelClass[] = [];
  wounds.forEach((models, group) => {
    const byLeft = new Map<number, ModelClass>();
    models.forEach((w, i) => {
      if (w <= 0) return;
      const c = byLeft.get(w);
      if (c) c.models++;
      else byLeft.set(w, { group, woundsLeft: w, models: 1, first: i });
    });
    out.push(...[...byLeft.values()].sort((a, b) => a.woundsLeft - b.woundsLeft));
  });
  return out;
}

export const classId = (c: Pick<ModelClass, 'group' | 'woundsLeft'>) => `m${c.group}w${c.woundsLeft}`;

/** "Ork Nob (1 of 2 wounds left)", "Ork Boy (one of 17)". */
export function classLabel(setup: Setup, role: Role, c: ModelClass): string {
  const g = groupOf(setup, role, c.group);
  const wounds = g.wounds > 1 ? `${c.woundsLeft} of ${g.wounds} wounds left` : '';
  const many = c.models > 1 ? `one of ${c.models}` : '';
  const detail = [wounds, many].filter(Boolean).join(', ');
  return detail ? `${g.name} (${detail})` : g.name;
}
