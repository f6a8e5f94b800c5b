import type { CombatView } from '../../combat/view';
import { attackingModelLabel, groupOf, modelLabel, type State } from './state';
import { defensiveWords } from './summary';

/** What the wizard shows: both units, the target's models with their wounds, and the log. */
export function viewOf(state: State): CombatView {
  const { attacker, defender } = state.setup;
  return {
    sides: {
      // The attacking unit's own losses: models that failed a Hazardous test (RULES §1), as their player said.
      attacker: {
        name: attacker.name,
        units: [
          {
            name: attacker.name,
            models: state.hazardousFailed.map((h) => ({
              id: `a${h.weapon}.${h.model}`,
              name: attackingModelLabel(state, h.model),
              wounds: 1,
              woundsLeft: h.destroyed ? 0 : 1,
              destroyed: h.destroyed === true,
              character: false,
              tags: [`Hazardous (${state.setup.attacker.weapons[h.weapon]!.name}): 3 mortal wounds`],
            })),
          },
        ],
      },
      defender: {
        name: defender.name,
        units: [
          {
            name: defender.name,
            models: state.models.map((m, i) => {
              const g = groupOf(state, i);
              return {
                id: `m${i}`,
                name: modelLabel(state, i),
                wounds: g.wounds,
                woundsLeft: m.woundsLeft,
                destroyed: m.woundsLeft <= 0,
                character: g.character,
                tags: tagsOf(g),
              };
            }),
            // WH40K10-MODIFIERS.md: what the unit has against attacks, beside its name.
            ...(defensiveWords(defender).length > 0 ? { notes: defensiveWords(defender) } : {}),
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
  if (g.feelNoPainMortal !== null && g.feelNoPainMortal < 7) tags.push(`FNP ${g.feelNoPainMortal}+ vs mortal wounds`);
  if (g.deadlyDemise !== null) tags.push(`Deadly Demise ${g.deadlyDemise}`);
  if (g.character) tags.push('Character');
  return tags;
}
