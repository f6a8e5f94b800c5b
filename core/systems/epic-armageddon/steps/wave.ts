import { chooseStep, rollStep, type StepKind } from '../../../combat/stepEngine';
import type { ChooseStep, Option, Reason, RollStep } from '../../../combat/steps';
import { InputError } from '../../../combat/system';
import { completeDefault, giveOne, legalChoices, legalNext, remainingOf, slotsOf, type Given } from '../allocation';
import { allocationText, currentTarget, endWave, hitsFrom, pendingSaves, settleOn, waveName } from '../flow';
import { afterFail, certainlyDestroyed, saveReasons } from '../saves';
import { passes } from '../tables';
import { entryOf, hitsText, isWarEngine, otherRole, plural, unitName, type Hit, type Role, type State, type Wave } from '../state';

/**
 * A wave of attacks (seed 003): every batch of attack dice rolled, then the hits on the defender
 * allocated and saved, then those on the attacker, then the casualties of both sides removed
 * together (flow.ts). Each point of it is a kind of step, declared once.
 */

const ALLOCATION_RULE: Reason = {
  rule: 'Allocating hits',
  detail: 'nearest first, only to directly engaged units; no unit takes a second hit before every one has a hit; a war engine takes as many hits per pass as its damage capacity left',
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

/** The side whose hits are being allocated or saved now (the key said there is one). */
const targetOf = (state: State, wave: Wave): Role => {
  const role = currentTarget(state, wave);
  if (!role) throw new Error('a finished wave is settled before it is shown');
  return role;
};

/** Whose dice, in a few words for the title: "CC 4+ of Tactical Marines ×4, FF 4+ of Rhino ×2" (the why lists them all). */
const sourcesShort = (sources: ReadonlyArray<{ short: string }>) => (sources.length <= 2 ? sources.map((s) => s.short).join(', ') : `${sources[0]!.short}, …`);

/** A batch of attack dice to roll. */
function attackStep(state: State, wave: Wave): RollStep {
  const { setup } = state;
  const group = wave.groups[0]!;
  {
    const target = group.by === 'attacker' ? 'defender' : 'attacker';
    const why: Reason[] = group.sources.map((s) => ({ rule: s.rule, detail: `${s.label}: ${plural(s.dice, 'die', 'dice')}` }));
    if (wave.kind === 'firstStrike') why.push({ rule: 'First Strike', detail: 'First Strike extra attacks are resolved, and their casualties removed, before any other attack' });
    if (group.macro) why.push({ rule: 'Macro-weapon', detail: 'its hits are allocated before the others and get no save but Reinforced Armour (one roll) or an invulnerable save' });
    why.push({ rule: 'No modifiers', detail: `a D6 scoring ${group.value} or more hits; no modifiers ever apply in an assault` });
    return rollStep(state, wave.kind === 'support' ? 'support' : 'attack', {
      title: `${setup[group.by].name}: ${plural(group.dice, group.macro ? 'Macro-weapon die' : 'die', group.macro ? 'Macro-weapon dice' : 'dice')} needing ${group.value}+ (${sourcesShort(group.sources)})${group.part ? `, part ${group.part.k} of ${group.part.of}` : ''}`,
      actor: group.by,
      count: group.dice,
      sides: 6,
      passOn: group.value,
      needs: `${group.value}+`,
      why,
      notes: [`Round ${state.round} · ${waveName[wave.kind]}: each hit goes to a directly engaged unit of ${setup[target].name}, nearest first.`],
    });
  }
  throw new Error('a wave with no dice left to roll asks no attack dice');
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
    { id: 'rest', label: `Allocate ${total === hits.macro + hits.normal ? 'the' : 'the remaining'} ${plural(total, 'hit')} as suggested: ${allocationText(setup, role, units, added)}`, suggested: true },
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
    prompt: `Give the next ${macroNext ? 'Macro-weapon hit' : 'hit'} to one of the units still short of a hit in this pass (units equally near), or allocate the rest nearest first as suggested.`,
    options,
    why,
  });
}

/** "dice 1–2: Boyz #1 · die 3: Boyz #2 (Macro-weapon hit)". */
function diceMap(state: State, role: Role, hits: readonly Hit[]): string {
  const parts: string[] = [];
  let start = 0;
  for (let i = 1; i <= hits.length; i++) {
    const a = hits[start]!;
    const b = hits[i];
    if (b && b.unit === a.unit && b.macro === a.macro) continue;
    const range = i - start === 1 ? `die ${start + 1}` : `dice ${start + 1}–${i}`;
    parts.push(`${range}: ${unitName(state.setup, role, state.units[role][a.unit]!)}${a.macro ? ' (Macro-weapon hit)' : ''}`);
    start = i;
  }
  return parts.join(' · ');
}

function saveStep(state: State, role: Role, saves: readonly Hit[]): RollStep {
  const { setup } = state;
  const units = state.units[role];
  const p = pendingSaves(setup, role, units, saves)!;
  const hits = p.hits.map((i) => saves[i]!);
  const seen = new Set<string>();
  const why: Reason[] = [];
  for (const h of hits) {
    for (const r of saveReasons(entryOf(setup, role, units[h.unit]!), role, h)) {
      const key = `${r.rule}|${r.detail}`;
      if (!seen.has(key)) {
        seen.add(key);
        why.push(r);
      }
    }
  }
  const what = p.stage === 'first' ? 'saves' : p.stage === 'reroll' ? 'Reinforced Armour re-rolls' : 'invulnerable saves';
  const notes = [`In order, ${diceMap(state, role, hits)}.`, 'Each die that passes saves its hit; a unit with any unsaved hit is destroyed, a war engine loses 1 DC per unsaved hit.'];
  // SCENARIOS §1: war-engine critical hits are not rolled (nor analysed).
  if (hits.some((h) => isWarEngine(entryOf(setup, role, units[h.unit]!)))) notes.push('War-engine critical hits are not rolled: each unsaved hit is 1 point of damage.');
  const moot = mootUnits(state, role, saves);
  if (moot.length > 0) notes.push(`Not rolled: the other saves of ${moot.join(', ')}, already destroyed by an unsaved hit.`);
  return rollStep(state, 'save', {
    title: `${setup[role].name}: ${what}, ${plural(hits.length, 'die', 'dice')} needing ${p.value}+`,
    actor: role,
    count: hits.length,
    sides: 6,
    passOn: p.value,
    needs: `${p.value}+`,
    why,
    notes,
  });
}

/** Units certain to be destroyed whose save dice are still pending: those dice change nothing. */
function mootUnits(state: State, role: Role, saves: readonly Hit[]): string[] {
  const units = state.units[role];
  const names = new Set<string>();
  for (const h of saves) {
    if (h.stage !== 'first' && h.stage !== 'reroll' && h.stage !== 'invuln') continue;
    if (certainlyDestroyed(entryOf(state.setup, role, units[h.unit]!), units[h.unit]!, saves, h.unit)) names.add(unitName(state.setup, role, units[h.unit]!));
  }
  return [...names];
}


/** A batch of attack dice: a score equal to or over the value needed is a hit; no modifiers (seed 003). */
export const attackKind: StepKind<State> = {
  ask: (state) => attackStep(state, waveOf(state)),
  answer(state, a) {
    const wave = waveOf(state);
    const group = wave.groups[0]!;
    const hits = a.dice.filter((f) => passes(f, group.value)).length;
    const target = otherRole(group.by);
    const on = wave.on[target];
    const next: Wave = {
      ...wave,
      groups: wave.groups.slice(1),
      on: { ...wave.on, [target]: { ...on, hits: group.macro ? { ...on.hits, macro: on.hits.macro + hits } : { ...on.hits, normal: on.hits.normal + hits } } },
    };
    return withWave(a.log(state, `${plural(hits, group.macro ? 'Macro-weapon hit' : 'hit')} on ${state.setup[target].name}`, a.dice), next);
  },
};

/** The hits on a side, allocated: forced ones without a question, a real choice asked. */
export const allocateKind: StepKind<State> = {
  auto(state) {
    const wave = waveOf(state);
    return settleOn(state, wave, targetOf(state, wave));
  },
  ask(state) {
    const wave = waveOf(state);
    const role = targetOf(state, wave);
    return allocationStep(state, role, wave.on[role].hits, wave.on[role].given!);
  },
  answer(state, a) {
    const { setup } = state;
    const wave = waveOf(state);
    const role = targetOf(state, wave);
    const on = wave.on[role];
    const units = state.units[role];
    const slots = slotsOf(setup, role, units);
    const given = on.given!;
    const rest = remainingOf(on.hits, given);
    let after;
    let text;
    if (a.option === 'rest') {
      after = completeDefault(slots, given, rest);
      text = `as suggested: ${allocationText(setup, role, units, after.map((g, i) => [g[0] - given[i]![0], g[1] - given[i]![1]] as [number, number]))}`;
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
    return withWave(s, { ...wave, on: { ...wave.on, [role]: nextOn } });
  },
};

/** A batch of save dice: each die that passes saves its hit; a failure moves the hit to its next save, if any. */
export const saveKind: StepKind<State> = {
  ask(state) {
    const wave = waveOf(state);
    const role = targetOf(state, wave);
    return saveStep(state, role, wave.on[role].saves!);
  },
  answer(state, a) {
    const { setup } = state;
    const wave = waveOf(state);
    const role = targetOf(state, wave);
    const on = wave.on[role];
    const units = state.units[role];
    const p = pendingSaves(setup, role, units, on.saves!)!;
    const updated = on.saves!.map((h) => ({ ...h }));
    let saved = 0;
    p.hits.forEach((hi, k) => {
      const h = updated[hi]!;
      if (passes(a.dice[k]!, p.value)) {
        h.stage = 'saved';
        saved++;
      } else h.stage = afterFail(entryOf(setup, role, units[h.unit]!), h);
    });
    const s = a.log(state, `${plural(saved, 'save')}, ${p.hits.length - saved} failed`, a.dice);
    return withWave(s, { ...wave, on: { ...wave.on, [role]: { ...on, saves: updated } } });
  },
};

/** Every hit of the wave saved or not: the casualties of both sides are removed together. */
export const casualtiesKind: StepKind<State> = {
  auto: (state) => endWave(state, waveOf(state)),
};
