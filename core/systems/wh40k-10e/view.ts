import type { CombatView } from '../../combat/view';
import { groupOf, modelLabel, type State } from './state';

/** What the wizard shows: both units, the target's models with their wounds, and the log. */
export function viewOf(state: State): CombatView {
  const { attacker, defender } = state.setup;
  return {
    sides: {
      attacker: { name: attacker.name, units: [{ name: attacker.name, models: [] }] },
      defender: {
        name: defender.name,
        units: [
          {
            name: defender.name,
            models: state.models.map((m, i) => {
              const g = groupOf(state, i);
              return { id: `m${i}`, name: modelLabel(state, i), wounds: g.wounds, woundsLeft: m.woundsLeft, destroyed: m.woundsLeft <= 0, character: g.character, tags: tagsOf(g) };
            }),
          },
        ],
      },
    },
    log: state.log,
  };
}

function tagsOf(g: ReturnType<typeof groupOf>): string[] {
  const tags = [`T${g.toughness}`, g.save >= 7 ? 'no save' : `Sv ${g.save}+`];
  if (g.invulnerable !== null && g.invulnerable < 7) tags.push(`${g.invulnerable}++`);
  if (g.feelNoPain !== null && g.feelNoPain < 7) tags.push(`FNP ${g.feelNoPain}+`);
  if (g.deadlyDemise !== null) tags.push(`Deadly Demise ${g.deadlyDemise}`);
  if (g.character) tags.push('Character');
  return tags;
}
