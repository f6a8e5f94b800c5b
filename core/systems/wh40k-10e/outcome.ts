import { groupName, groupOf, isAlive, modelLabel, plural, type State } from './state';

/**
 * The final outcome (seed 001): models destroyed, wounds lost, and the survivors — each wounded
 * model by name with its wounds left, the untouched ones counted per profile ("7 × Boy unharmed") so a 20-model unit
 * does not print 20 lines.
 */
export function outcomeLines(state: State): string[] {
  const total = state.models.length;
  const lines = [
    `${state.setup.defender.name}: ${plural(state.destroyed.length, 'model')} destroyed of ${total}`,
    `Wounds lost: ${state.woundsLost}`,
  ];
  const unharmed = new Map<string, number>();
  state.models.forEach((m, i) => {
    if (!isAlive(m)) return;
    const group = groupOf(state, i);
    if (m.woundsLeft < group.wounds) lines.push(`${modelLabel(state, i)}: ${m.woundsLeft}/${group.wounds} wounds left`);
    else {
      const name = groupName(state.setup, group);
      unharmed.set(name, (unharmed.get(name) ?? 0) + 1);
    }
  });
  // "5 × Boy unharmed": the count before the profile's name, as a roster lists models.
  for (const [name, count] of unharmed) lines.push(`${count} × ${name} unharmed`);
  if (state.models.every((m) => !isAlive(m))) lines.push(`${state.setup.defender.name} is destroyed.`);
  return [...lines, ...state.outcomeLines];
}
