import { ruleSystem } from '../../../core/combat/system';
import type { CombatView, UnitView } from '../../../core/combat/view';
import type { Role } from '../../../core/combat/steps';
import { engine } from './engine';
import { setupSchema, type Setup } from './setup';
import { startState, winnerOf, type State } from './state';

/** The setup screen's starting point: a captain against a champion. */
export const exampleSetup = {
  system: 'dice-duel',
  attacker: { name: 'Reikland', duellist: { name: 'Captain', wounds: 2, hitsOn: 4 } },
  defender: { name: 'Greenskins', duellist: { name: 'Champion', wounds: 2, hitsOn: 5 } },
};

function unitOf(s: State, role: Role): UnitView {
  const d = s.setup[role].duellist;
  const left = s.wounds[role];
  return {
    name: d.name,
    models: [
      {
        id: `${role}-0`,
        name: d.name,
        wounds: d.wounds,
        woundsLeft: left,
        destroyed: left === 0,
        character: false,
        tags: [`hits on ${d.hitsOn}+`],
      },
    ],
  };
}

function viewOf(s: State): CombatView {
  return {
    sides: {
      attacker: { name: s.setup.attacker.name, units: [unitOf(s, 'attacker')] },
      defender: { name: s.setup.defender.name, units: [unitOf(s, 'defender')] },
    },
    log: s.log,
    status: [`Round ${s.round}`],
  };
}

export const diceDuel = ruleSystem<Setup, State>({
  id: 'dice-duel',
  name: 'Dice duel',
  setupSchema,
  exampleSetup,
  engine,
  start: startState,
  view: viewOf,
  winner: (s) => (s.phase === null ? winnerOf(s) : null),
  profiles: (setup) => ({
    attacker: [
      {
        label: setup.attacker.duellist.name,
        text: `W${setup.attacker.duellist.wounds} · hits on ${setup.attacker.duellist.hitsOn}+`,
      },
    ],
    defender: [
      {
        label: setup.defender.duellist.name,
        text: `W${setup.defender.duellist.wounds} · hits on ${setup.defender.duellist.hitsOn}+`,
      },
    ],
  }),
});
