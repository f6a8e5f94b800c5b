import { chooseStep, pushLog, type StepKind } from '../../../combat/stepEngine';
import type { ChooseStep, Option, Reason } from '../../../combat/steps';
import { InputError } from '../../../combat/system';
import { completeDefault, giveOne, legalChoices, legalNext, remainingOf, slotsOf, type Given } from '../allocation';
import { allocationText, endWave, hitsFrom, settleOn } from '../flow';
import { hitsText, plural, unitName, type Role, type State, type Wave } from '../state';
import { targetOrder } from './batches';

/**
 * Hits allocated in a wave (seed 003): the defender's, then the attacker's, before either side
 * rolls its saves (rolls.ts rolls both sides' saves together), then the casualties of both sides
 * removed together (flow.ts). A side's first real choice is asked once: "nearest first, as
 * listed" is then kept for the rest of the assault; a side that gives a hit by hand is asked again.
 */

const ALLOCATION_RULE: Reason = {
  rule: 'Allocating hits',
  detail:
    'to units in base contact first, then those in a firefight, nearest first within each; only to directly engaged units; no unit takes a second hit before every one has a hit; a war engine takes as many hits per pass as its damage capacity left',
};

const optionUnit = (option: string | null): number => {
  const m = /^unit:(\d+)$/.exec(option ?? '');
  if (!m) throw new InputError(`"${option}" is not a unit of this step.`, 'option');
  return Number(m[1]);
};

const waveOf = (state: State): Wave => {
  if (state.phase.at !== 'wave') throw new Error(`not in a wave but at ${state.phase.at}`);
  return state.phase.wave;
};
const withWave = (state: State, wave: Wave): State => ({ ...state, phase: { at: 'wave', wave } });

/** The side whose hits are being allocated (the key said there is one). */
const allocating = (wave: Wave): Role => {
  const role = targetOrder.find((r) => wave.on[r].saves === null);
  if (!role) throw new Error('no hits left to allocate');
  return role;
};

/** A side that chose "nearest first" keeps it: the rest of its allocations need no question. */
const keepsNearest = (state: State, role: Role) => state.allocation?.[role] === 'nearest';

/** Allocates the rest of a side's hits nearest first, as the side chose before, with a line saying so. */
function allocateAsChosen(state: State, wave: Wave, role: Role): State {
  const { setup } = state;
  const on = wave.on[role];
  const units = state.units[role];
  const given = completeDefault(slotsOf(setup, role, units), on.given!, remainingOf(on.hits, on.given!));
  const added = given.map((g, i) => [g[0] - on.given![i]![0], g[1] - on.given![i]![1]] as [number, number]);
  const s = pushLog(state, {
    actor: role,
    title: `${setup[role].name}: ${hitsText(remainingOf(on.hits, on.given!))} allocated`,
    result: `nearest first, as chosen earlier in the assault: ${allocationText(setup, role, units, added)}`,
  });
  return withWave(s, { ...wave, on: { ...wave.on, [role]: { ...on, given, saves: hitsFrom(setup, role, units, given) } } });
}

function allocationStep(state: State, role: Role, hits: { macro: number; normal: number }, given: Given): ChooseStep {
  const { setup } = state;
  const units = state.units[role];
  const slots = slotsOf(setup, role, units);
  const rest = remainingOf(hits, given);
  const total = rest.macro + rest.normal;
  const full = completeDefault(slots, given, rest);
  const added = full.map((g, i) => [g[0] - given[i]![0], g[1] - given[i]![1]] as [number, number]);
  const macroNext = rest.macro > 0;
  const legal = legalNext(slots, given);
  const options: Option[] = [
    {
      id: 'rest',
      label: `Nearest first, as listed: ${allocationText(setup, role, units, added)}`,
      detail: `${total === hits.macro + hits.normal ? 'the' : 'the remaining'} ${plural(total, 'hit')}; ${setup[role].name} allocate the same way for the rest of the assault without being asked`,
      suggested: true,
    },
    ...legalChoices(slots, given).map((s) => {
      const alike = legal.filter((o) => o.kind === s.kind && o.places === s.places && given[o.unit]![0] === given[s.unit]![0] && given[o.unit]![1] === given[s.unit]![1]);
      return {
        id: `unit:${s.unit}`,
        label: `1 ${macroNext ? 'Macro-weapon hit' : 'hit'} to ${unitName(setup, role, units[s.unit]!)}`,
        ...(alike.length > 1 ? { detail: `or any of ${alike.map((o) => unitName(setup, role, units[o.unit]!)).join(', ')}: they are alike` } : {}),
      };
    }),
  ];
  const why: Reason[] = [ALLOCATION_RULE];
  if (rest.macro > 0) why.push({ rule: 'Macro-weapon', detail: 'Macro-weapon hits are allocated before the others' });
  return chooseStep(state, 'allocate', {
    title: `${setup[role].name}: allocate ${hitsText(rest)}`,
    actor: role,
    prompt: `Allocate nearest first as listed (kept for the rest of the assault), or give the next ${macroNext ? 'Macro-weapon hit' : 'hit'} to one of the units still short of a hit in this pass (units equally near) and be asked again.`,
    options,
    why,
  });
}


/** The hits on a side, allocated: forced ones without a question, a real choice asked once. */
export const allocateKind: StepKind<State> = {
  auto(state) {
    const wave = waveOf(state);
    const role = allocating(wave);
    const settled = settleOn(state, wave, role);
    if (settled !== null || !keepsNearest(state, role)) return settled;
    return allocateAsChosen(state, wave, role);
  },
  ask(state) {
    const wave = waveOf(state);
    const role = allocating(wave);
    return allocationStep(state, role, wave.on[role].hits, wave.on[role].given!);
  },
  answer(state, a) {
    const { setup } = state;
    const wave = waveOf(state);
    const role = allocating(wave);
    const on = wave.on[role];
    const units = state.units[role];
    const slots = slotsOf(setup, role, units);
    const given = on.given!;
    const rest = remainingOf(on.hits, given);
    let after;
    let text;
    if (a.option === 'rest') {
      after = completeDefault(slots, given, rest);
      text = `nearest first, kept for the rest of the assault: ${allocationText(setup, role, units, after.map((g, i) => [g[0] - given[i]![0], g[1] - given[i]![1]] as [number, number]))}`;
    } else {
      const unit = optionUnit(a.option);
      if (!slots.some((sl) => sl.unit === unit)) throw new InputError('That unit cannot be hit in this wave.', 'option');
      after = giveOne(given, unit, rest.macro > 0);
      text = `1 ${rest.macro > 0 ? 'Macro-weapon hit' : 'hit'} to ${unitName(setup, role, units[unit]!)}`;
    }
    const done = remainingOf(on.hits, after);
    const complete = done.macro + done.normal === 0;
    const nextOn = { ...on, given: after, saves: complete ? hitsFrom(setup, role, units, after) : null };
    const s = a.log(state, complete && a.option !== 'rest' ? `${text}; all allocated: ${allocationText(setup, role, units, after)}` : text);
    const kept = { ...s, allocation: { ...state.allocation, [role]: a.option === 'rest' ? ('nearest' as const) : ('ask' as const) } };
    return withWave(kept, { ...wave, on: { ...wave.on, [role]: nextOn } });
  },
};

/** Every hit of the wave saved or not: the casualties of both sides are removed together. */
export const casualtiesKind: StepKind<State> = {
  auto: (state) => endWave(state, waveOf(state)),
};
