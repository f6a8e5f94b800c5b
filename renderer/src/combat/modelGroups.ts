import type { ModelView } from '../../../core/api/view';

/**
 * The groups of identical models of a unit, as the host's view marks them (`ModelView.group`),
 * and what the picture says of each: pure, so it is tested without a page.
 */

export interface ModelGroup {
  id: string;
  name: string;
  models: ModelView[];
}

/** Consecutive models of one group, in the view's order; a model without a group is a group of its own. */
export function groupsOf(models: readonly ModelView[]): ModelGroup[] {
  const out: ModelGroup[] = [];
  for (const m of models) {
    const id = m.group?.id ?? m.id;
    const last = out.at(-1);
    if (last && last.id === id) last.models.push(m);
    else out.push({ id, name: m.group?.name ?? m.name, models: [m] });
  }
  return out;
}

export interface GroupSummary {
  /** "17 of 19 standing"; for a group of one: "standing", "1 of 2 wounds left", "slain". */
  state: string;
  standing: number;
  /** The tags every model has (the group's profile), in the first model's order. */
  shared: string[];
  /** Models with tags of their own, and those tags. */
  singled: Array<{ model: ModelView; tags: string[] }>;
  /** Standing models that have lost wounds (a group of several). */
  wounded: ModelView[];
}

export function summariseGroup(group: ModelGroup): GroupSummary {
  const { models } = group;
  const standing = models.filter((m) => !m.destroyed);
  const shared = models[0]!.tags.filter((t) => models.every((m) => m.tags.includes(t)));
  const singled = models.flatMap((m) => {
    const own = m.tags.filter((t) => !shared.includes(t));
    return own.length > 0 ? [{ model: m, tags: own }] : [];
  });
  const one = models.length === 1 ? models[0]! : null;
  const state = one
    ? one.destroyed
      ? 'slain'
      : one.wounds > 1
        ? `${one.woundsLeft} of ${one.wounds} wounds left`
        : 'standing'
    : `${standing.length} of ${models.length} standing`;
  return {
    state,
    standing: standing.length,
    shared,
    singled,
    wounded: one ? [] : standing.filter((m) => m.woundsLeft < m.wounds),
  };
}

/** What one model's square says: "slain", "1 of 2 wounds left", "standing". */
export function modelWords(m: ModelView): string {
  if (m.destroyed) return 'slain';
  if (m.woundsLeft < m.wounds) return `${m.woundsLeft} of ${m.wounds} wounds left`;
  return m.wounds > 1 ? `${m.wounds} wounds` : 'standing';
}
