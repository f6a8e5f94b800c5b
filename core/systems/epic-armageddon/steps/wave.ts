import { chooseStep, pushLog, type StepKind } from '../../../combat/stepEngine';
import type { ChooseStep, Option, Reason } from '../../../combat/steps';
import { InputError } from '../../../combat/system';
import { completeDefault, giveOne, legalChoices, legalNext, remainingOf, slotsOf, type Given } from '../allocation';
import { allocationText, endWave, hitsFrom, settleOn } from '../flow';
import { planChoices, planDetail, planGiven, planId, planName, planOf, type Kept, type Plan } from '../plans';
import { hitsText, plural, unitName, type Role, type State, type Wave } from '../state';
import { targetOrder } from './batches';

/**
 * Hits allocated in a wave (seed 003): the defender's, then the attacker's, before either side
 * rolls its saves (rolls.ts rolls both sides' saves together), then the casualties of both sides
 * removed together (flow.ts). Issue 22: one question per side per wave at most, its options whole
 * allocations (plans.ts) — the rules' default, nearest first, and the few others a player reaches
 * for — and "hit by hit…" for the player who wants to name each unit. A plan chosen is kept for
 * the rest of the assault, every later wave allocated "as before" and said so in the log (the next
 * round's counter-charge question offers to choose again); when only one allocation is legal,
 * nothing is asked (flow.ts settleOn).
 */

const ALLOCATION_RULE: Reason = {
  rule: 'Allocating hits',
  detail:
    'base contact first, then firefight, nearest first within each; only directly engaged units; every unit takes a hit before any takes a second (a war engine one per DC left)',
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

/** The hits each unit takes beyond what was already given. */
const addedTo = (before: Given, after: Given) =>
  after.map((g, i) => [g[0] - before[i]![0], g[1] - before[i]![1]] as [number, number]);

/** Every hit of the side placed: its save dice are ready. */
function allocated(state: State, wave: Wave, role: Role, given: Array<[number, number]>): State {
  const on = wave.on[role];
  const { byHand: _byHand, ...rest } = on;
  return withWave(state, {
    ...wave,
    on: { ...wave.on, [role]: { ...rest, given, saves: hitsFrom(state.setup, role, state.units[role], given) } },
  });
}

/** The whole allocations on offer to the side now. */
function choicesNow(state: State, wave: Wave, role: Role) {
  const on = wave.on[role];
  return planChoices(state.setup, role, state.units[role], on.given!, on.hits);
}

/** Allocates the side's hits by a plan without a question, with a line saying how. */
function allocateBy(state: State, wave: Wave, role: Role, plan: Plan, how: string): State {
  const { setup } = state;
  const on = wave.on[role];
  const units = state.units[role];
  const given = planGiven(setup, role, units, plan, on.given!, on.hits);
  const s = pushLog(state, {
    actor: role,
    title: `${setup[role].name}: ${hitsText(remainingOf(on.hits, on.given!))} allocated`,
    result: `${how}: ${allocationText(setup, role, units, addedTo(on.given!, given))}`,
  });
  return allocated(s, wave, role, given);
}

/** The one question of a side in a wave: a whole allocation (kept for the assault), or hit by hit. */
function wholeStep(state: State, role: Role): ChooseStep {
  const { setup } = state;
  const wave = waveOf(state);
  const on = wave.on[role];
  const units = state.units[role];
  const rest = remainingOf(on.hits, on.given!);
  const options: Option[] = [
    ...choicesNow(state, wave, role).map(({ plan, given }) => ({
      id: planId(plan),
      label: `${planName(setup, role, plan)}: ${allocationText(setup, role, units, addedTo(on.given!, given))}`,
      detail: planDetail(setup, role, plan),
      ...(plan.by === 'nearest' ? { suggested: true } : {}),
    })),
    {
      id: 'byHand',
      label: 'Hit by hit…',
      detail: `name the unit that takes each ${rest.macro > 0 ? 'Macro-weapon hit, then each other hit' : 'hit'}; asked again in the next wave`,
    },
  ];
  const why: Reason[] = [
    ALLOCATION_RULE,
    { rule: 'Units equally near', detail: 'take their hits in any order: the options differ only there' },
  ];
  if (rest.macro > 0)
    why.push({
      rule: 'Macro-weapon',
      detail:
        'Macro-weapon hits are allocated before the others; only Reinforced Armour or an invulnerable save can save them',
    });
  return chooseStep(state, 'allocate', {
    title: `${setup[role].name}: allocate ${hitsText(rest)}`,
    actor: role,
    prompt: `Where do ${hitsText(rest)} go? Kept for the rest of the assault.`,
    options,
    why,
  });
}

/** Hit by hit: the next hit to one of the units still short of a hit in this pass, or the rest nearest first. */
function byHandStep(state: State, role: Role): ChooseStep {
  const { setup } = state;
  const wave = waveOf(state);
  const { hits, given } = { hits: wave.on[role].hits, given: wave.on[role].given! };
  const units = state.units[role];
  const slots = slotsOf(setup, role, units);
  const rest = remainingOf(hits, given);
  const total = rest.macro + rest.normal;
  const macroNext = rest.macro > 0;
  const legal = legalNext(slots, given);
  const options: Option[] = [
    {
      id: 'rest',
      label: `Nearest first, as listed: ${allocationText(setup, role, units, addedTo(given, completeDefault(slots, given, rest)))}`,
      detail: `${total === hits.macro + hits.normal ? 'the' : 'the remaining'} ${plural(total, 'hit')}`,
      suggested: true,
    },
    ...legalChoices(slots, given).map((s) => {
      const alike = legal.filter(
        (o) =>
          o.kind === s.kind &&
          o.places === s.places &&
          given[o.unit]![0] === given[s.unit]![0] &&
          given[o.unit]![1] === given[s.unit]![1],
      );
      return {
        id: `unit:${s.unit}`,
        label: `1 ${macroNext ? 'Macro-weapon hit' : 'hit'} to ${unitName(setup, role, units[s.unit]!)}`,
        ...(alike.length > 1
          ? {
              detail: `or any of ${alike.map((o) => unitName(setup, role, units[o.unit]!)).join(', ')}: they are alike`,
            }
          : {}),
      };
    }),
  ];
  const why: Reason[] = [ALLOCATION_RULE];
  if (rest.macro > 0) why.push({ rule: 'Macro-weapon', detail: 'Macro-weapon hits are allocated before the others' });
  return chooseStep(state, 'allocate', {
    title: `${setup[role].name}: allocate ${hitsText(rest)}, hit by hit`,
    actor: role,
    prompt: `Give the next ${macroNext ? 'Macro-weapon hit' : 'hit'} to one of the units still short of a hit in this pass (units equally near) and be asked again, or the rest nearest first.`,
    options,
    why,
  });
}

/** A hit named by hand, or the rest nearest first. */
function answerByHand(
  state: State,
  wave: Wave,
  role: Role,
  option: string | null,
  log: (s: State, text: string) => State,
): State {
  const { setup } = state;
  const on = wave.on[role];
  const units = state.units[role];
  const slots = slotsOf(setup, role, units);
  const given = on.given!;
  const rest = remainingOf(on.hits, given);
  if (option === 'rest') {
    const after = completeDefault(slots, given, rest);
    return allocated(
      log(state, `the rest nearest first: ${allocationText(setup, role, units, addedTo(given, after))}`),
      wave,
      role,
      after,
    );
  }
  const unit = optionUnit(option);
  if (!slots.some((sl) => sl.unit === unit)) throw new InputError('That unit cannot be hit in this wave.', 'option');
  const after = giveOne(given, unit, rest.macro > 0);
  const text = `1 ${rest.macro > 0 ? 'Macro-weapon hit' : 'hit'} to ${unitName(setup, role, units[unit]!)}`;
  const done = remainingOf(on.hits, after);
  if (done.macro + done.normal === 0) {
    const all =
      on.hits.macro + on.hits.normal > 1 ? `; all allocated: ${allocationText(setup, role, units, after)}` : '';
    return allocated(log(state, `${text}${all}`), wave, role, after);
  }
  return withWave(log(state, text), { ...wave, on: { ...wave.on, [role]: { ...on, given: after } } });
}

/** The hits on a side, allocated: forced ones and a kept plan without a question, a real choice asked once. */
export const allocateKind: StepKind<State> = {
  auto(state) {
    const wave = waveOf(state);
    const role = allocating(wave);
    const settled = settleOn(state, wave, role);
    if (settled !== null || wave.on[role].byHand) return settled;
    const kept = state.allocation?.[role];
    if (kept && kept.by !== 'hand')
      return allocateBy(state, wave, role, kept, `as before, ${planName(state.setup, role, kept).toLowerCase()}`);
    // A choice is left (settleOn): its allocations differ, and so do the plans (one kind of unit spared differs from nearest first).
    return null;
  },
  ask(state) {
    const wave = waveOf(state);
    const role = allocating(wave);
    return wave.on[role].byHand ? byHandStep(state, role) : wholeStep(state, role);
  },
  answer(state, a) {
    const wave = waveOf(state);
    const role = allocating(wave);
    if (wave.on[role].byHand) return answerByHand(state, wave, role, a.option, a.log);
    const keep = (s: State, kept: Kept): State => ({ ...s, allocation: { ...state.allocation, [role]: kept } });
    if (a.option === 'byHand') {
      const s = keep(a.log(state, 'hit by hit'), { by: 'hand' });
      return withWave(s, { ...wave, on: { ...wave.on, [role]: { ...wave.on[role], byHand: true } } });
    }
    const plan = planOf(a.option);
    const choice = plan && choicesNow(state, wave, role).find((c) => planId(c.plan) === a.option);
    if (!plan || !choice) throw new InputError(`"${a.option}" is not an allocation of this step.`, 'option');
    const { setup } = state;
    const on = wave.on[role];
    const text = `${planName(setup, role, plan).toLowerCase()}, kept for the rest of the assault: ${allocationText(setup, role, state.units[role], addedTo(on.given!, choice.given))}`;
    return allocated(keep(a.log(state, text), plan), wave, role, choice.given);
  },
};

/** Every hit of the wave saved or not: the casualties of both sides are removed together. */
export const casualtiesKind: StepKind<State> = {
  auto: (state) => endWave(state, waveOf(state)),
};
