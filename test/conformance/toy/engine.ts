import { chooseStep, outcomeStep, rollStep, stepEngine, type StepKind } from '../../../core/combat/stepEngine';
import type { Role } from '../../../core/combat/steps';
import { blowNeeds, other, winnerOf, type Phase, type State } from './state';

/** The dice duel on the one step engine: each phase of a round declared once. */

const nameOf = (s: State, role: Role) => s.setup[role].duellist.name;

/** After a blow: the duel is over when the one struck has fallen, else the round goes on to `then`. */
function struck(s: State, role: Role, landed: boolean, then: Phase): State {
  const target = other(role);
  const wounds = { ...s.wounds, [target]: s.wounds[target] - (landed ? 1 : 0) };
  const next = { ...s, wounds };
  return { ...next, phase: winnerOf(next) ? null : then };
}

const stance: StepKind<State> = {
  ask: (s) =>
    chooseStep(s, 'stance', {
      title: `Round ${s.round} · ${nameOf(s, 'attacker')}'s stance`,
      actor: 'attacker',
      prompt: 'Strike, or feint (both blows need one more this round)?',
      options: [
        { id: 'strike', label: 'Strike', suggested: true },
        { id: 'feint', label: 'Feint', detail: 'both blows need one more; a 6 still lands' },
      ],
      why: [{ rule: 'Stance (dice duel)', detail: 'the challenger picks before any blow is struck' }],
    }),
  answer: (s, a) => a.log({ ...s, feint: a.option === 'feint', phase: 'challengerBlow' }, a.option ?? ''),
};

function blow(role: Role, then: Phase): StepKind<State> {
  return {
    ask: (s) =>
      rollStep(s, `${role === 'attacker' ? 'challenger' : 'defender'}Blow`, {
        title: `Round ${s.round} · ${nameOf(s, role)}'s blow`,
        actor: role,
        count: 1,
        sides: 6,
        passOn: blowNeeds(s, role),
        needs: `${blowNeeds(s, role)}+`,
        why: [
          { rule: 'Blow (dice duel)', detail: `hits on ${blowNeeds(s, role)}+${s.feint ? ' (feint: one more)' : ''}` },
        ],
      }),
    answer: (s, a) => {
      const landed = a.dice[0]! >= blowNeeds(s, role);
      return a.log(struck(s, role, landed, then), landed ? 'the blow lands' : 'a miss', a.dice);
    },
  };
}

const roundEnd: StepKind<State> = {
  ask: (s) =>
    outcomeStep(s, 'roundEnd', {
      title: `Round ${s.round} is over`,
      lines: [
        `${nameOf(s, 'attacker')}: ${s.wounds.attacker} wounds left`,
        `${nameOf(s, 'defender')}: ${s.wounds.defender} wounds left`,
      ],
      final: false,
    }),
  answer: (s, a) =>
    a.log(
      { ...s, round: s.round + 1, roundStart: s.wounds, feint: false, phase: 'stance' },
      `round ${s.round + 1} begins`,
    ),
};

export const engine = stepEngine<State, Phase>({
  at: (s) => s.phase,
  kinds: {
    stance,
    challengerBlow: blow('attacker', 'defenderBlow'),
    defenderBlow: blow('defender', 'roundEnd'),
    roundEnd,
  },
  end: (s) =>
    outcomeStep(s, 'end', {
      title: 'The duel is over',
      lines: [`${nameOf(s, winnerOf(s) ?? 'attacker')} wins the duel in round ${s.round}`],
      final: true,
    }),
});
