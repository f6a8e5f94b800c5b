import type { Option, Role } from '../../combat/steps';
import { groupOf, isAlive, modelLabel, plural, type State } from './state';

/**
 * Allocation (seed 001): a model that has already lost wounds or had an attack allocated this
 * phase must take the next attack; otherwise the defender picks any model. CHARACTER models can
 * only be picked once no other model is left, unless the attack has Precision, in which case the
 * ATTACKER may pick a CHARACTER (RULES §1). Suggested option: the policy in situation.ts (the
 * must-take model, else the lowest index; Precision declined).
 */

export type Allocation =
  { kind: 'auto'; model: number } | { kind: 'choose'; actor: Role; options: Option[]; prompt: string };

/** The models a defender may allocate to, in index order (must-take models only, when there are some). */
export function defenderCandidates(state: State): number[] {
  const alive = state.models.flatMap((m, i) => (isAlive(m) ? [i] : []));
  const bodyguard = alive.filter((i) => !groupOf(state, i).character);
  const eligible = bodyguard.length > 0 ? bodyguard : alive;
  const must = eligible.filter((i) => {
    const m = state.models[i]!;
    return m.allocated || m.woundsLeft < groupOf(state, i).wounds;
  });
  return must.length > 0 ? must : eligible;
}

/** The policy's pick (situation.ts): what batches use and what the choose steps suggest. */
export function policyTarget(state: State): number | null {
  return defenderCandidates(state)[0] ?? null;
}

/** Alive CHARACTER models a Precision attack may take while other models remain. */
export function precisionCandidates(state: State): number[] {
  const alive = state.models.flatMap((m, i) => (isAlive(m) ? [i] : []));
  const characters = alive.filter((i) => groupOf(state, i).character);
  return characters.length > 0 && characters.length < alive.length ? characters : [];
}

/** One option per distinct kind of model (group, wounds left, allocated): identical models are one choice. */
function distinct(state: State, models: number[]): number[] {
  const seen = new Set<string>();
  return models.filter((i) => {
    const m = state.models[i]!;
    const key = `${m.group}/${m.woundsLeft}/${m.allocated}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

export function modelOption(state: State, i: number, suggested: boolean): Option {
  const m = state.models[i]!;
  const g = groupOf(state, i);
  const wounded =
    m.woundsLeft < g.wounds ? `, wounded: ${m.woundsLeft}/${g.wounds} W` : `, ${plural(g.wounds, 'wound')}`;
  const extra = g.character ? ', CHARACTER' : '';
  return {
    id: `m${i}`,
    label: modelLabel(state, i),
    detail: `Sv ${g.save}+${g.invulnerable !== null ? `, ${g.invulnerable}++` : ''}${wounded}${extra}`,
    suggested,
  };
}

export function allocationFor(state: State, precision: boolean, precisionDeclined: boolean): Allocation {
  const characters = precision && !precisionDeclined ? precisionCandidates(state) : [];
  if (characters.length > 0) {
    // RULES §1 Precision: the attacker may allocate to a CHARACTER in the unit.
    return {
      kind: 'choose',
      actor: 'attacker',
      prompt: 'Precision: allocate this attack to a CHARACTER, or let the defender allocate it?',
      options: [
        ...distinct(state, characters).map((i) => modelOption(state, i, false)),
        { id: 'defender', label: 'Let the defender allocate', detail: 'normal allocation', suggested: true },
      ],
    };
  }
  const candidates = defenderCandidates(state);
  const kinds = distinct(state, candidates);
  const first = kinds[0];
  if (first === undefined) throw new Error('no model left to allocate to');
  if (kinds.length === 1) return { kind: 'auto', model: first };
  return {
    kind: 'choose',
    actor: 'defender',
    prompt: 'Allocate this attack to which model?',
    options: kinds.map((i) => modelOption(state, i, i === first)),
  };
}
