import { aliveIn, groupOf, otherRole, roles, times, type Role, type State, type UnitFate } from './state';

/** The final outcome: what became of each unit and what is left of it, then the reminders. */

const fateText: Record<UnitFate, string> = {
  fighting: 'still locked in combat',
  wipedOut: 'wiped out',
  fellBack: 'lost, failed its Morale check and falls back',
  swept: 'lost, failed its Morale check and was destroyed by the Sweeping Advance',
  heldByATSKNF: 'caught by the Sweeping Advance but, knowing no fear, still locked in combat',
};

export function survivorsText(state: State, role: Role): string {
  const parts = state.wounds[role].flatMap((models, group) => {
    const g = groupOf(state.setup, role, group);
    const alive = aliveIn(models);
    if (alive === 0) return [];
    const hurt = models.filter((w) => w > 0 && w < g.wounds);
    const wounded = g.wounds > 1 && hurt.length > 0 ? ` (${hurt.map((w) => `${w}/${g.wounds}W`).join(', ')})` : '';
    return [`${times(alive, g.name)}${wounded}`];
  });
  return parts.length > 0 ? parts.join(', ') : 'no models';
}

export function finalLines(state: State): string[] {
  const lines = roles.map((role) => {
    const fate = state.fate[role];
    const enemyOut = ['wipedOut', 'fellBack', 'swept'].includes(state.fate[otherRole(role)]);
    const text = fate === 'fighting' && enemyOut ? 'won the combat' : fateText[fate];
    const left = fate === 'wipedOut' || fate === 'swept' ? '' : `: ${survivorsText(state, role)} left`;
    return `${state.setup[role].name}: ${text}${left}.`;
  });
  return [...lines, ...state.notes];
}
