import { scoreHeadline, scoreLine } from './score';
import { hpLeft, modelsLeft, otherRole, plural, poolsOf, poolName, roles, type Role, type State } from './state';

/** The lines that close a melee: what became of each unit, then the notes of the combat. */

/** What is left of a unit: "24 rank and file, Baron (2 HP)". */
export function whatIsLeft(state: State, role: Role): string {
  const parts = poolsOf(state.setup, role).flatMap((p) => {
    const hp = hpLeft(state.setup, state.lost, p);
    if (hp <= 0) return [];
    return [
      p.who === 'rf'
        ? `${plural(modelsLeft(state.setup, state.lost, p), 'rank-and-file model')}`
        : `${poolName(state.setup, p)} (${hp} HP)`,
    ];
  });
  return parts.length > 0 ? parts.join(', ') : 'nothing';
}

export function fateOf(state: State, role: Role): string {
  const other = state.status[otherRole(role)];
  switch (state.status[role]) {
    case 'destroyed':
      return 'wiped out';
    case 'caught':
      return `broke, fled ${state.flee}″ and was caught by a pursuit of ${state.pursuit}″: destroyed`;
    case 'fled':
      return `broke and fled ${state.flee}″${state.pursues ? `, and escaped a pursuit of ${state.pursuit}″` : ''}`;
    case 'pursuing':
      return `won and pursued ${state.pursuit}″`;
    case 'fighting':
      if (other === 'fled' || other === 'caught') return 'won and did not pursue';
      if (other === 'destroyed') return 'won: the enemy is wiped out';
      return 'still in the melee';
  }
}

export function finalLines(state: State): string[] {
  const lines = roles.map((role) => {
    const status = state.status[role];
    const left = status === 'destroyed' || status === 'caught' ? '' : `: ${whatIsLeft(state, role)} left`;
    return `${state.setup[role].name} — ${state.setup[role].unit.name}: ${fateOf(state, role)}${left}.`;
  });
  // The last round's Combat Score is not a step of its own: the final outcome says it.
  const score = state.score
    ? [
        `Round ${state.round}: ${scoreHeadline(state.setup, state.score)}`,
        ...roles.map((role) => scoreLine(state.setup, role, state.score![role])),
      ]
    : [];
  return [...lines, ...score, ...state.notes];
}
