import { chooseStep, rollStep } from '../../../combat/stepEngine';
import { deadlyDemiseModels, hazardousModels } from '../flow';
import { attackingModelLabel, groupOf, MAX_DICE, modelLabel, plural, weaponOf } from '../state';
import { answered, type Kind } from './common';

/** After every attack: Deadly Demise of the destroyed models, Hazardous tests of the attackers (RULES.md, weapon and unit abilities). */

/** "1 mortal wound", "D3 mortal wounds": Deadly Demise X in words. */
const mortalWounds = (x: string) => (x === '1' ? '1 mortal wound' : `${x} mortal wounds`);

/** Deadly Demise x: a D6 for each destroyed model that has it; on a 6 each unit within 6" suffers x mortal wounds. */
export const deadlyDemiseKind: Kind = {
  ask(state) {
    const pending = deadlyDemiseModels(state).length - state.deadlyDemiseRolled;
    return rollStep(state, 'after.deadlyDemise', {
      title: 'Deadly Demise',
      actor: 'defender',
      count: Math.min(MAX_DICE, pending),
      sides: 6,
      passOn: 6,
      needs: '6',
      why: [
        {
          rule: 'Deadly Demise',
          detail: `a D6 for each destroyed model with Deadly Demise (${pending}); on a 6 each unit within 6" suffers x mortal wounds`,
        },
      ],
    });
  },
  answer: answered((state, { dice }) => {
    const models = deadlyDemiseModels(state).slice(state.deadlyDemiseRolled, state.deadlyDemiseRolled + dice.length);
    const lines = models.flatMap((m, i) =>
      dice[i] === 6
        ? [
            `${modelLabel(state, m)}: Deadly Demise ${groupOf(state, m).deadlyDemise} — rolled a 6: each unit within 6" suffers ${mortalWounds(groupOf(state, m).deadlyDemise!)} (rolled separately per unit if random); not applied to any unit by this combat — resolve them on the table`,
          ]
        : [],
    );
    return {
      state: {
        ...state,
        deadlyDemiseRolled: state.deadlyDemiseRolled + dice.length,
        outcomeLines: [...state.outcomeLines, ...lines],
      },
      result: lines.length > 0 ? `${plural(lines.length, 'model')} explode (6)` : 'no 6: nothing happens',
    };
  }),
};

/** Hazardous: a D6 per model that attacked with a Hazardous weapon; on a 1 that model suffers 3 mortal wounds. */
export const hazardousKind: Kind = {
  ask(state) {
    const pending = hazardousModels(state).length - state.hazardousRolled;
    return rollStep(state, 'after.hazardous', {
      title: 'Hazardous tests',
      actor: 'attacker',
      count: Math.min(MAX_DICE, pending),
      sides: 6,
      passOn: 2,
      needs: '2+',
      why: [
        {
          rule: 'Hazardous',
          detail:
            'a D6 per model that attacked with a Hazardous weapon; on a 1 that model suffers 3 mortal wounds (excess lost)',
        },
      ],
    });
  },
  answer: answered((state, { dice }) => {
    // On a 1 that model suffers 3 mortal wounds; its player then says whether it fell (hazardousFateKind).
    const entries = hazardousModels(state).slice(state.hazardousRolled, state.hazardousRolled + dice.length);
    const failed = entries.filter((_, i) => dice[i] === 1).map((e) => ({ ...e, destroyed: null }));
    return {
      state: {
        ...state,
        hazardousRolled: state.hazardousRolled + dice.length,
        hazardousFailed: [...state.hazardousFailed, ...failed],
      },
      result: failed.length > 0 ? `${plural(failed.length, 'Hazardous test')} failed` : 'all Hazardous tests passed',
    };
  }),
};

/** A failed Hazardous test: the app does not know the attacking model's wounds, so its player says whether it fell. */
export const hazardousFateKind: Kind = {
  ask(state) {
    const h = state.hazardousFailed.find((x) => x.destroyed === null)!;
    const who = attackingModelLabel(state, h.model);
    return chooseStep(state, 'after.hazardousFate', {
      title: `${who}: Hazardous`,
      actor: 'attacker',
      prompt: `${who} rolled a 1 for its ${weaponOf(state, h.weapon).name} and suffers 3 mortal wounds (excess is lost). Is it destroyed?`,
      options: [
        {
          id: 'destroyed',
          label: 'Destroyed',
          detail: 'it had 3 wounds or fewer left and no Feel No Pain saved it',
          suggested: true,
        },
        { id: 'survived', label: 'It survives', detail: 'more than 3 wounds left, or Feel No Pain saved enough' },
      ],
      why: [
        {
          rule: 'Hazardous',
          detail:
            'after attacking, a D6 per model with a Hazardous weapon; on a 1 that model suffers 3 mortal wounds — the app does not know its wounds, so its player says whether it fell',
        },
      ],
    });
  },
  answer: answered((state, { option }) => {
    const index = state.hazardousFailed.findIndex((h) => h.destroyed === null);
    const h = state.hazardousFailed[index]!;
    const destroyed = option === 'destroyed';
    const line = `Hazardous: ${attackingModelLabel(state, h.model)} with ${weaponOf(state, h.weapon).name} rolled a 1 and suffers 3 mortal wounds (excess lost): ${destroyed ? 'destroyed' : 'survived'}`;
    return {
      state: {
        ...state,
        hazardousFailed: state.hazardousFailed.map((x, i) => (i === index ? { ...x, destroyed } : x)),
        outcomeLines: [...state.outcomeLines, line],
      },
      result: destroyed
        ? `${attackingModelLabel(state, h.model)} is destroyed`
        : `${attackingModelLabel(state, h.model)} survives`,
    };
  }),
};
