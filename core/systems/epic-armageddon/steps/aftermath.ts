import { chooseStep, outcomeStep, pushLog, rollStep, type StepKind } from '../../../combat/stepEngine';
import type { ChooseStep, Option, Reason } from '../../../combat/steps';
import { InputError } from '../../../combat/system';
import { extraChoices, extraDefault, extraForced } from '../allocation';
import { planName } from '../plans';
import { applyExtra, beginA4, beginWave, enterA7, extraRoom, finish } from '../flow';
import { headline, NO_IMMEDIATE_WINNER, resultLines } from '../outcome';
import { extraHitsFor, resultFacts, resultModifiers, sideTotal } from '../result';
import type { Engagement } from '../setup';
import { WITHDRAWAL_DANGER_CM, WITHDRAWAL_MOVES } from '../tables';
import {
  alive,
  entryOf,
  isWarEngine,
  otherRole,
  plural,
  roles,
  unitName,
  type Role,
  type RoundResult,
  type State,
  type UnitState,
} from '../state';

/**
 * After the combat attacks (seed 003, RULES §4): the immediate outcome (A4), the outcome after
 * supporting fire (A5), the assault result (A6), the extra hits on the loser, its withdrawal
 * (A7), and after a draw the counter-charges of the next round (A3). Each a kind of step, declared
 * once.
 */

type Phase<K extends State['phase']['at']> = Extract<State['phase'], { at: K }>;
const phaseOf = <K extends State['phase']['at']>(state: State, at: K): Phase<K> => {
  if (state.phase.at !== at) throw new Error(`expected the assault at ${at}, not ${state.phase.at}`);
  return state.phase as Phase<K>;
};

const optionUnit = (option: string | null): number => {
  const m = /^unit:(\d+)$/.exec(option ?? '');
  if (!m) throw new InputError(`"${option}" is not a unit of this step.`, 'option');
  return Number(m[1]);
};

export const engagementLabel: Record<Engagement, string> = {
  contact: 'in base contact',
  firefight: 'in a firefight (within 15cm)',
  none: 'not directly engaged',
};

/** The A3 questions go unit by unit over the units still standing, attacker's first. */
export function a3Units(state: State): Array<{ role: Role; unit: number }> {
  return roles.flatMap((role) => state.units[role].flatMap((u, unit) => (alive(u) ? [{ role, unit }] : [])));
}

/** Seed 003 "Determine the outcome": a side with no units left loses at once; otherwise supporting fire. Nothing to ask: logged. */
export const a4Kind: StepKind<State> = {
  auto(state) {
    const s = pushLog(state, {
      actor: 'attacker',
      title: `Round ${state.round}: the outcome of the combat attacks (A4)`,
      result: state.result ? headline(state, state.result) : NO_IMMEDIATE_WINNER,
    });
    if (state.result && state.result.winner !== 'draw') return enterA7(s, otherRole(state.result.winner));
    return beginWave(s, 'support');
  },
};

/** SCENARIOS §1: a formation with no units left after supporting fire loses. Nothing to ask: logged. */
export const a5Kind: StepKind<State> = {
  auto(state) {
    const s = pushLog(state, {
      actor: 'attacker',
      title: `Round ${state.round}: after supporting fire (A5)`,
      result: headline(state, state.result!),
    });
    return enterA7(s, otherRole(state.result!.winner as Role));
  },
};

/** The result modifiers of a side, in words, for the why of the result roll. */
function modifiersWhy(state: State, role: Role): Reason {
  const mods = resultModifiers(resultFacts(state, role));
  const sum = mods.reduce((n, m) => n + m.value, 0);
  const detail =
    mods.length > 0
      ? `${mods.map((m) => `${m.label}: +${m.value} (${m.why})`).join('; ')}; +${sum} in all`
      : 'none apply: +0';
  return { rule: `${state.setup[role].name}: result modifiers`, detail };
}

const ASSAULT_RESULT: Reason = {
  rule: 'Assault result',
  detail: 'each side rolls 2D6, keeps the highest die and adds its modifiers; the higher total wins',
};

/** RULES §4 A6: each side rolls 2D6 and keeps the highest die — both at once, a group each. */
export const a6Kind: StepKind<State> = {
  ask(state) {
    const { setup } = state;
    const phase = phaseOf(state, 'a6');
    const waiting = roles.filter((r) => !phase.rolls[r]);
    const why = [ASSAULT_RESULT, ...waiting.map((r) => modifiersWhy(state, r))];
    if (waiting.length === 1) {
      // A combat stored when each side rolled on its own step: the side still to roll.
      const role = waiting[0]!;
      return rollStep(state, 'a6', {
        title: `${setup[role].name}: assault result, roll 2D6 and keep the highest`,
        actor: role,
        count: 2,
        sides: 6,
        needs: 'the highest of 2D6',
        why,
      });
    }
    return rollStep(state, 'a6', {
      title: `Assault result (A6): ${setup.attacker.name} and ${setup.defender.name} each roll 2D6 and keep the highest`,
      actor: 'attacker',
      count: 4,
      sides: 6,
      needs: 'the highest of each side’s 2D6',
      why,
      groups: roles.map((r) => ({
        id: r,
        label: `${setup[r].name}: 2D6, keep the highest`,
        roller: r,
        count: 2,
        sides: 6 as const,
        needs: 'the highest of 2D6',
      })),
    });
  },
  answer(state, a) {
    const phase = phaseOf(state, 'a6');
    const waiting = roles.filter((r) => !phase.rolls[r]);
    const rolls = { ...phase.rolls };
    waiting.forEach((r, k) => (rolls[r] = a.dice.slice(2 * k, 2 * k + 2)));
    const text = waiting
      .map((r) => `${waiting.length > 1 ? `${state.setup[r].name} ` : ''}highest ${Math.max(...rolls[r]!)}`)
      .join(', ');
    const s = a.log(state, text, a.dice);
    return { ...s, phase: { at: 'result' }, result: a6Result(s, rolls.attacker!, rolls.defender!) };
  },
};

const resultTitle = (state: State) => `Round ${state.round}: the assault result (A6)`;

/**
 * The assault result. A win is logged and goes on (the loser's extra hits and withdrawal say it
 * again); a draw ends the round, so it is shown before the next round's counter-charges.
 */
export const resultKind: StepKind<State> = {
  ask: (state) =>
    outcomeStep(state, 'result', { title: resultTitle(state), lines: resultLines(state, state.result!), final: false }),
  answer(state, a) {
    const r = state.result!;
    const s = a.log(state, headline(state, r));
    return {
      ...s,
      previous: [...s.previous, r],
      result: null,
      round: s.round + 1,
      roundStart: null,
      phase: { at: 'a3', changed: false, cursor: -1 },
    };
  },
  auto(state) {
    const r = state.result!;
    if (r.winner === 'draw') return null;
    const s = pushLog(state, { actor: 'attacker', title: resultTitle(state), result: resultLines(state, r).join(' ') });
    const loser = otherRole(r.winner);
    const hits = r.extraHits[loser];
    if (hits > 0 && extraRoom(s, loser) > 0)
      return { ...s, phase: { at: 'extra', role: loser, given: s.units[loser].map(() => 0) } };
    const t =
      hits > 0
        ? pushLog(s, {
            actor: loser,
            title: `${state.setup[loser].name}: ${plural(hits, 'extra hit')}`,
            result: 'ignored: only Fearless units are left',
          })
        : s;
    return enterA7(t, loser);
  },
};

/** Extra hits on the loser (no saves): asked only when they can end more than one way. */
export const extraKind: StepKind<State> = {
  auto(s) {
    const phase = phaseOf(s, 'extra');
    const hits = s.result!.extraHits[phase.role];
    if (!extraForced(s.setup, phase.role, s.units[phase.role], phase.given, hits)) return null;
    return applyExtra(s, phase.role, extraDefault(s.setup, phase.role, s.units[phase.role], phase.given, hits));
  },
  ask(state) {
    const phase = phaseOf(state, 'extra');
    return extraStep(state, phase.role, phase.given);
  },
  answer(state, a) {
    const phase = phaseOf(state, 'extra');
    const hits = state.result!.extraHits[phase.role];
    if (a.option === 'rest')
      return applyExtra(
        a.log(state, 'as suggested'),
        phase.role,
        extraDefault(state.setup, phase.role, state.units[phase.role], phase.given, hits),
      );
    const unit = optionUnit(a.option);
    const given = phase.given.map((n, i) => (i === unit ? n + 1 : n));
    const s = a.log(state, `1 extra hit to ${unitName(state.setup, phase.role, state.units[phase.role][unit]!)}`);
    if (given.reduce((x, y) => x + y, 0) >= hits) return applyExtra(s, phase.role, given);
    return { ...s, phase: { at: 'extra', role: phase.role, given } };
  },
};

/** RULES §4 A7: the loser's units that end their withdrawal within 15cm of the enemy are destroyed. */
export const withdrawKind: StepKind<State> = {
  auto(s) {
    const phase = phaseOf(s, 'withdraw');
    return s.units[phase.role].some(alive) ? null : finish(s);
  },
  ask: (state) => withdrawStep(state, phaseOf(state, 'withdraw').role),
  answer(state, a) {
    const phase = phaseOf(state, 'withdraw');
    if (a.option === 'none') return finish(a.log(state, 'no more units within 15cm'));
    const unit = optionUnit(a.option);
    const u = state.units[phase.role][unit]!;
    if (u.left === 0) throw new InputError('That unit is already destroyed.', 'option');
    const units = state.units[phase.role].map((x, i) =>
      i === unit ? { ...x, left: 0, fate: { round: state.round, by: 'withdrawal' as const } } : x,
    );
    const s = a.log(state, `${unitName(state.setup, phase.role, u)} ended within 15cm of the enemy: destroyed`);
    return { ...s, units: { ...s.units, [phase.role]: units } };
  },
};

/** A3 after a draw: engaged as before, or unit by unit. */
export const a3Kind: StepKind<State> = {
  ask(state) {
    const phase = phaseOf(state, 'a3');
    return a3Step(state, phase.changed, phase.cursor);
  },
  answer(state, a) {
    const phase = phaseOf(state, 'a3');
    if (!phase.changed) {
      if (a.option === 'same') return beginA4(a.log(state, 'every unit engaged as before'));
      if (a.option === 'again') {
        const { allocation: _kept, ...rest } = a.log(state, 'every unit engaged as before; hits allocated anew');
        return beginA4(rest);
      }
      return { ...a.log(state, 'some units are engaged differently'), phase: { at: 'a3', changed: true, cursor: 0 } };
    }
    const refs = a3Units(state);
    const ref = refs[phase.cursor]!;
    const engaged = a.option as Engagement;
    const units = state.units[ref.role].map((u, i) => (i === ref.unit ? { ...u, engaged } : u));
    const s = { ...a.log(state, engaged), units: { ...state.units, [ref.role]: units } };
    if (phase.cursor + 1 >= refs.length) return beginA4(s);
    return { ...s, phase: { at: 'a3', changed: true, cursor: phase.cursor + 1 } };
  },
};

/** RULES §4 A6: the higher total wins; the loser takes the difference as extra hits. */
export function a6Result(state: State, attackerDice: readonly number[], defenderDice: readonly number[]): RoundResult {
  const totals = {
    attacker: sideTotal(state, 'attacker', attackerDice),
    defender: sideTotal(state, 'defender', defenderDice),
  };
  const diff = totals.attacker.total - totals.defender.total;
  const winner: Role | 'draw' = diff > 0 ? 'attacker' : diff < 0 ? 'defender' : 'draw';
  const extraHits = {
    attacker: diff < 0 ? extraHitsFor(-diff, state.setup.attacker.knowNoFear) : 0,
    defender: diff > 0 ? extraHitsFor(diff, state.setup.defender.knowNoFear) : 0,
  };
  const extraLosses = {
    attacker: Math.min(extraHits.attacker, extraRoom(state, 'attacker')),
    defender: Math.min(extraHits.defender, extraRoom(state, 'defender')),
  };
  return {
    round: state.round,
    winner,
    at: 'A6',
    kills: state.kills,
    totals,
    extraHits,
    extraLosses,
    reason:
      winner === 'draw'
        ? `${totals.attacker.total} each`
        : `${totals[winner].total} against ${totals[otherRole(winner)].total}`,
  };
}

function extraStep(state: State, role: Role, given: readonly number[]): ChooseStep {
  const { setup } = state;
  const units = state.units[role];
  const hits = state.result!.extraHits[role];
  const rest = hits - given.reduce((a, b) => a + b, 0);
  const def = extraDefault(setup, role, units, given, hits);
  const added = def.map((n, i) => n - given[i]!);
  const text = added.flatMap((n, i) =>
    n === 0
      ? []
      : [
          isWarEngine(entryOf(setup, role, units[i]!))
            ? `${unitName(setup, role, units[i]!)} ${n} DC`
            : unitName(setup, role, units[i]!),
        ],
  );
  const options: Option[] = [
    {
      id: 'rest',
      label: `Allocate the ${rest === hits ? '' : 'remaining '}${plural(rest, 'extra hit')} as suggested: ${text.join(', ')}`,
      suggested: true,
    },
    ...extraChoices(setup, role, units, given).map((i) => ({
      id: `unit:${i}`,
      label: `1 extra hit to ${unitName(setup, role, units[i]!)}${isWarEngine(entryOf(setup, role, units[i]!)) ? ` (1 DC of ${units[i]!.left - given[i]!})` : ' (destroyed)'}`,
    })),
  ];
  const fearless = units.some((u) => alive(u) && entryOf(setup, role, u).fearless);
  return chooseStep(state, 'extra', {
    title: `${setup[role].name}: allocate ${plural(rest, 'extra hit')}`,
    actor: role,
    prompt: `${resultLines(state, state.result!).join(' ')} No saves: each extra hit destroys a unit, or a point of a war engine’s damage capacity. Which units take them?`,
    options,
    why: [
      {
        rule: 'Losing an assault',
        detail: `the loser takes extra hits equal to the difference in results (${hits}), with no saves`,
      },
      ...(fearless ? [{ rule: 'Fearless', detail: 'Fearless units ignore these hits' }] : []),
    ],
  });
}

function withdrawStep(state: State, role: Role): ChooseStep {
  const { setup } = state;
  const units = state.units[role];
  const seen = new Set<number>();
  const options: Option[] = [
    {
      id: 'none',
      label: `No more: the others ended more than ${WITHDRAWAL_DANGER_CM}cm from the enemy`,
      suggested: true,
    },
  ];
  units.forEach((u: UnitState, i) => {
    if (!alive(u) || seen.has(u.entry)) return;
    seen.add(u.entry);
    const e = entryOf(setup, role, u);
    const standing = units.filter((o) => o.entry === u.entry && alive(o)).length;
    options.push({
      id: `unit:${i}`,
      label: `${unitName(setup, role, u)} ended within ${WITHDRAWAL_DANGER_CM}cm: destroyed`,
      ...(standing > 1 ? { detail: `one of the ${standing} ${e.name} units left: they are alike` } : {}),
    });
  });
  return chooseStep(state, 'withdraw', {
    title: `${setup[role].name}: withdrawal (A7)`,
    actor: role,
    prompt: `${state.result ? `${headline(state, state.result)} ` : ''}${setup[role].formation} withdraws ${WITHDRAWAL_MOVES} moves. Which units ended within ${WITHDRAWAL_DANGER_CM}cm of the enemy? Name them one at a time; each is destroyed.`,
    options,
    why: [
      {
        rule: 'Withdrawal',
        detail: `the loser withdraws ${WITHDRAWAL_MOVES} moves; units that end within ${WITHDRAWAL_DANGER_CM}cm of the enemy are destroyed`,
      },
    ],
  });
}

const engagements: Engagement[] = ['contact', 'firefight', 'none'];

/** The whole allocations kept so far, in words ("Orks: best saves first"), or null when no side keeps one. */
function keptPlans(state: State): string | null {
  const kept = roles.flatMap((r) => {
    const k = state.allocation?.[r];
    return k && k.by !== 'hand' ? [`${state.setup[r].name}: ${planName(state.setup, r, k).toLowerCase()}`] : [];
  });
  return kept.length > 0 ? kept.join('; ') : null;
}

function a3Step(state: State, changed: boolean, cursor: number): ChooseStep {
  const { setup } = state;
  const why: Reason[] = [
    {
      rule: 'Counter-charge',
      detail:
        'after a draw the assault goes on from A3: defenders not in base contact may counter-charge, and who is directly engaged may change',
    },
  ];
  if (!changed) {
    return chooseStep(state, 'a3', {
      title: `Round ${state.round}: counter-charges (A3)`,
      actor: 'defender',
      prompt: `${state.previous.length > 0 ? `${resultLines(state, state.previous[state.previous.length - 1]!).join(' ')} ` : ''}The assault was a draw and goes on. After counter-charges, is every unit still engaged as before?`,
      options: [
        {
          id: 'same',
          label: 'As before: every unit engaged as it was',
          suggested: true,
          ...(keptPlans(state) ? { detail: `hits allocated as before (${keptPlans(state)})` } : {}),
        },
        // Issue 22: a whole allocation kept for the assault is changed with one tap here, where the round is asked about anyway.
        ...(keptPlans(state)
          ? [
              {
                id: 'again',
                label: 'As before, but choose again where hits go',
                detail: 'every unit engaged as it was; each side is asked again how it allocates its hits',
              },
            ]
          : []),
        { id: 'changed', label: 'Some units are engaged differently: ask unit by unit' },
      ],
      why,
    });
  }
  const ref = a3Units(state)[cursor]!;
  const u = state.units[ref.role][ref.unit]!;
  const e = entryOf(setup, ref.role, u);
  const value = (g: Engagement) =>
    g === 'contact'
      ? e.cc === null
        ? ', no CC: no attack'
        : `, CC ${e.cc}+`
      : g === 'firefight'
        ? e.ff === null
          ? ', no FF: no attack'
          : `, FF ${e.ff}+`
        : ': cannot attack or be hit';
  return chooseStep(state, 'engaged', {
    title: `${setup[ref.role].name}: ${unitName(setup, ref.role, u)} in round ${state.round}`,
    actor: ref.role,
    prompt: `How is ${unitName(setup, ref.role, u)} engaged after counter-charges?`,
    options: engagements.map((g) => ({
      id: g,
      label: `${engagementLabel[g][0]!.toUpperCase()}${engagementLabel[g].slice(1)}${value(g)}`,
      ...(g === u.engaged ? { suggested: true } : {}),
    })),
    why,
  });
}
