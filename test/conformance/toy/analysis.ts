import type { CombatChain } from '../../../core/analysis/combat/types';
import { shedHistory } from '../../../core/analysis/combat/key';
import type { OutcomeDistributions, SystemAnalysis } from '../../../core/analysis/system';
import { diceDuel } from './index';
import { duelModel } from './model';
import { blowNeeds, type State } from './state';

/** The chance a blow needing `needs` lands on one D6. */
const lands = (needs: number) => (7 - needs) / 6;

/** What the challenger's blow does this round: wounds dealt (0 or 1), exactly, from where the round stands. */
function roundOdds(s: State): Omit<OutcomeDistributions, 'baseline'> {
  const before = s.phase === 'stance' || s.phase === 'challengerBlow';
  const dealt = s.roundStart.defender - s.wounds.defender;
  const hit = before ? lands(blowNeeds(s, 'attacker')) : dealt;
  const back = s.phase === 'roundEnd' || s.phase === null ? 0 : lands(blowNeeds(s, 'defender'));
  const name = (role: 'attacker' | 'defender') => s.setup[role].duellist.name;
  return {
    measure: 'wounds the challenger deals this round',
    main: [1 - hit, hit],
    facts: [
      { label: `${name('attacker')} lands a blow this round`, probability: hit, wins: 'attacker' },
      { label: `${name('defender')} lands a blow back`, probability: back, wins: 'defender' },
    ],
  };
}

export const duelChain: CombatChain<State> = {
  rules: diceDuel,
  round: (s) => s.round,
  key: (s) => JSON.stringify([s.round, s.wounds, s.feint, s.phase]),
  shed: shedHistory,
  setup: (s) => s.setup,
  fates: (s) => ({
    attacker: s.wounds.attacker === 0 ? 'destroyed' : null,
    defender: s.wounds.defender === 0 ? 'destroyed' : null,
  }),
  mainUnits: (s) => ({ attacker: s.setup.attacker.duellist.name, defender: s.setup.defender.duellist.name }),
  model: duelModel(),
};

export const duelAnalysis: SystemAnalysis = {
  systemId: 'dice-duel',
  distributions: (state) => {
    const s = state as State;
    const atStart = { ...s, wounds: s.roundStart, phase: 'stance' as const, feint: false };
    return { ...roundOdds(s), baseline: roundOdds(atStart) };
  },
  report: (state) => {
    const s = state as State;
    const odds = roundOdds(s);
    return {
      system: 'dice-duel',
      round: s.round,
      woundsLeft: s.wounds,
      challengerLands: odds.main[1],
      facts: odds.facts,
    };
  },
  combat: duelChain as CombatChain,
};
