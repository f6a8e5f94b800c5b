import type { Input, Step } from '../../combat/steps';
import { InputError } from '../../combat/system';
import { completeDefault, extraDefault, giveOne, remainingOf, slotsOf } from './allocation';
import { allocationText, applyExtra, beginA4, beginWave, enterA7, extraRoom, finish, hitsFrom, pendingSaves, pushLog, settle } from './flow';
import { headline, NO_IMMEDIATE_WINNER } from './outcome';
import { sideTotal } from './result';
import { afterFail } from './saves';
import { passes } from './tables';
import { nextStep, a3Units } from './next';
import { entryOf, otherRole, plural, unitName, type Role, type RoundResult, type State, type Wave } from './state';

/**
 * Applies a player's input to the step the assault is at (the engine has already checked it
 * against the step: right id, right number of dice, faces on the die, a listed option), logs it
 * and settles.
 */

const optionUnit = (option: string | null): number => {
  const m = /^unit:(\d+)$/.exec(option ?? '');
  if (!m) throw new InputError(`"${option}" is not a unit of this step.`, 'option');
  return Number(m[1]);
};

export function applyInput(state: State, input: Input, step: Step = nextStep(state)): State {
  const s0: State = { ...state, counter: state.counter + 1 };
  const log = (s: State, result: string, dice?: number[]) =>
    pushLog(s, { stepId: step.id, actor: step.kind === 'outcome' ? 'attacker' : step.actor, title: step.title, result, ...(dice ? { dice } : {}), ...(step.kind !== 'outcome' ? { why: step.why } : {}) });
  const dice = input.kind === 'roll' ? input.dice : [];
  const option = input.kind === 'choose' ? input.option : null;
  const { setup } = state;
  const phase = state.phase;

  switch (phase.at) {
    case 'wave': {
      const wave = phase.wave;
      const group = wave.groups[0];
      if (group) {
        // Seed 003: a score equal to or over the value needed is a hit; no modifiers.
        const hits = dice.filter((f) => passes(f, group.value)).length;
        const target = otherRole(group.by);
        const on = wave.on[target];
        const next: Wave = {
          ...wave,
          groups: wave.groups.slice(1),
          on: { ...wave.on, [target]: { ...on, hits: group.macro ? { ...on.hits, macro: on.hits.macro + hits } : { ...on.hits, normal: on.hits.normal + hits } } },
        };
        return settle({ ...log(s0, `${plural(hits, group.macro ? 'Macro-weapon hit' : 'hit')} on ${setup[target].name}`, dice), phase: { at: 'wave', wave: next } });
      }
      const role = (['defender', 'attacker'] as const).find((r) => wave.on[r].saves === null || pendingSaves(setup, r, state.units[r], wave.on[r].saves!) !== null);
      if (!role) throw new Error('a finished wave takes no input');
      const on = wave.on[role];
      const units = state.units[role];
      if (on.saves === null) {
        const slots = slotsOf(setup, role, units);
        const given = on.given!;
        const rest = remainingOf(on.hits, given);
        let after;
        let text;
        if (option === 'rest') {
          after = completeDefault(slots, given, rest);
          text = `as suggested: ${allocationText(setup, role, units, after.map((g, i) => [g[0] - given[i]![0], g[1] - given[i]![1]] as [number, number]))}`;
        } else {
          const unit = optionUnit(option);
          if (!slots.some((sl) => sl.unit === unit)) throw new InputError('That unit cannot be hit in this wave.', 'option');
          after = giveOne(given, unit, rest.macro > 0);
          text = `1 ${rest.macro > 0 ? 'Macro-weapon hit' : 'hit'} to ${unitName(setup, role, units[unit]!)}`;
        }
        const done = remainingOf(on.hits, after);
        const complete = done.macro + done.normal === 0;
        const nextOn = { ...on, given: after, saves: complete ? hitsFrom(setup, role, units, after) : null };
        const s = log(s0, complete && option !== 'rest' ? `${text}; all allocated: ${allocationText(setup, role, units, after)}` : text);
        return settle({ ...s, phase: { at: 'wave', wave: { ...wave, on: { ...wave.on, [role]: nextOn } } } });
      }
      const saves = on.saves;
      const p = pendingSaves(setup, role, units, saves)!;
      const updated = saves.map((h) => ({ ...h }));
      let saved = 0;
      p.hits.forEach((hi, k) => {
        const h = updated[hi]!;
        const e = entryOf(setup, role, units[h.unit]!);
        if (passes(dice[k]!, p.value)) {
          h.stage = 'saved';
          saved++;
        } else h.stage = afterFail(e, h);
      });
      const failed = p.hits.length - saved;
      const s = log(s0, `${plural(saved, 'save')}, ${failed} failed`, dice);
      return settle({ ...s, phase: { at: 'wave', wave: { ...wave, on: { ...wave.on, [role]: { ...on, saves: updated } } } } });
    }
    case 'a4': {
      const s = log(s0, state.result ? headline(state, state.result) : NO_IMMEDIATE_WINNER);
      if (state.result && state.result.winner !== 'draw') return settle(enterA7(s, otherRole(state.result.winner)));
      return settle(beginWave(s, 'support'));
    }
    case 'a5': {
      const s = log(s0, headline(state, state.result!));
      return settle(enterA7(s, otherRole(state.result!.winner as Role)));
    }
    case 'a6': {
      const role: Role = phase.rolls.attacker ? 'defender' : 'attacker';
      const rolls = { ...phase.rolls, [role]: [...dice] };
      const s = log(s0, `highest ${Math.max(...dice)}`, dice);
      if (!rolls.attacker || !rolls.defender) return { ...s, phase: { at: 'a6', rolls } };
      return { ...s, phase: { at: 'result' }, result: a6Result(s, rolls.attacker, rolls.defender) };
    }
    case 'result': {
      const r = state.result!;
      const s = log(s0, headline(state, r));
      if (r.winner === 'draw') {
        return settle({ ...s, previous: [...s.previous, r], result: null, round: s.round + 1, roundStart: null, phase: { at: 'a3', changed: false, cursor: -1 } });
      }
      const loser = otherRole(r.winner);
      const hits = r.extraHits[loser];
      if (hits > 0 && extraRoom(s, loser) > 0) return settle({ ...s, phase: { at: 'extra', role: loser, given: s.units[loser].map(() => 0) } });
      const t = hits > 0 ? pushLog(s, { actor: loser, title: `${setup[loser].name}: ${plural(hits, 'extra hit')}`, result: 'ignored: only Fearless units are left' }) : s;
      return settle(enterA7(t, loser));
    }
    case 'extra': {
      const hits = state.result!.extraHits[phase.role];
      if (option === 'rest') return settle(applyExtra(log(s0, 'as suggested'), phase.role, completeExtra(state, phase.role, phase.given, hits)));
      const unit = optionUnit(option);
      const given = phase.given.map((n, i) => (i === unit ? n + 1 : n));
      const s = log(s0, `1 extra hit to ${unitName(setup, phase.role, state.units[phase.role][unit]!)}`);
      if (given.reduce((a, b) => a + b, 0) >= hits) return settle(applyExtra(s, phase.role, given));
      return settle({ ...s, phase: { at: 'extra', role: phase.role, given } });
    }
    case 'withdraw': {
      if (option === 'none') return settle(finish(log(s0, 'no more units within 15cm')));
      const unit = optionUnit(option);
      const u = state.units[phase.role][unit]!;
      if (u.left === 0) throw new InputError('That unit is already destroyed.', 'option');
      const units = state.units[phase.role].map((x, i) => (i === unit ? { ...x, left: 0, fate: { round: state.round, by: 'withdrawal' as const } } : x));
      const s = log(s0, `${unitName(setup, phase.role, u)} ended within 15cm of the enemy: destroyed`);
      return settle({ ...s, units: { ...s.units, [phase.role]: units } });
    }
    case 'a3': {
      if (!phase.changed) {
        if (option === 'same') return settle(beginA4(log(s0, 'every unit engaged as before')));
        return settle({ ...log(s0, 'some units are engaged differently'), phase: { at: 'a3', changed: true, cursor: 0 } });
      }
      const refs = a3Units(state);
      const ref = refs[phase.cursor]!;
      const engaged = option as 'contact' | 'firefight' | 'none';
      const units = state.units[ref.role].map((u, i) => (i === ref.unit ? { ...u, engaged } : u));
      const s = { ...log(s0, engaged), units: { ...state.units, [ref.role]: units } };
      if (phase.cursor + 1 >= refs.length) return settle(beginA4(s));
      return { ...s, phase: { at: 'a3', changed: true, cursor: phase.cursor + 1 } };
    }
    case 'end':
      throw new InputError('The assault is over.');
  }
}

/** The default for extra hits: nearest first, each on a unit that can still take one. */
const completeExtra = (state: State, role: Role, given: readonly number[], hits: number) => extraDefault(state.setup, role, state.units[role], given, hits);

/** RULES §4 A6: the higher total wins; the loser takes the difference as extra hits. */
export function a6Result(state: State, attackerDice: readonly number[], defenderDice: readonly number[]): RoundResult {
  const totals = { attacker: sideTotal(state, 'attacker', attackerDice), defender: sideTotal(state, 'defender', defenderDice) };
  const diff = totals.attacker.total - totals.defender.total;
  const winner: Role | 'draw' = diff > 0 ? 'attacker' : diff < 0 ? 'defender' : 'draw';
  const extraHits = { attacker: diff < 0 ? -diff : 0, defender: diff > 0 ? diff : 0 };
  const extraLosses = { attacker: Math.min(extraHits.attacker, extraRoom(state, 'attacker')), defender: Math.min(extraHits.defender, extraRoom(state, 'defender')) };
  return {
    round: state.round,
    winner,
    at: 'A6',
    kills: state.kills,
    totals,
    extraHits,
    extraLosses,
    reason: winner === 'draw' ? `${totals.attacker.total} each` : `${totals[winner].total} against ${totals[otherRole(winner)].total}`,
  };
}
