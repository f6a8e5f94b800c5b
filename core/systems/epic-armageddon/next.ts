import type { ChooseStep, Option, Reason, RollStep, Step } from '../../combat/steps';
import { completeDefault, extraChoices, extraDefault, legalChoices, legalNext, remainingOf, slotsOf, type Given } from './allocation';
import { allocationText, currentTarget, pendingSaves, waveName } from './flow';
import { finalLines, headline, killsLines, NO_IMMEDIATE_WINNER, resultLines } from './outcome';
import { resultFacts, resultModifiers } from './result';
import { certainlyDestroyed, saveReasons } from './saves';
import type { Engagement } from './setup';
import { WITHDRAWAL_DANGER_CM, WITHDRAWAL_MOVES } from './tables';
import { alive, entryOf, hitsText, isWarEngine, plural, roles, unitName, type Hit, type Role, type State, type UnitState, type Wave } from './state';

/** What the assault needs now, as a step of the protocol (core/combat/steps.ts). */

const roll = (state: State, tag: string, s: Omit<RollStep, 'kind' | 'id' | 'notes'> & { notes?: string[] }): RollStep => ({ kind: 'roll', id: `${tag}.${state.counter}`, notes: [], ...s });
const choose = (state: State, tag: string, s: Omit<ChooseStep, 'kind' | 'id'>): ChooseStep => ({ kind: 'choose', id: `${tag}.${state.counter}`, ...s });

export const engagementLabel: Record<Engagement, string> = { contact: 'in base contact', firefight: 'in a firefight (within 15cm)', none: 'not directly engaged' };

const ALLOCATION_RULE: Reason = {
  rule: 'Allocating hits',
  detail: 'nearest first, only to directly engaged units; no unit takes a second hit before every one has a hit; a war engine takes as many hits per pass as its damage capacity left',
};

/** The A3 questions go unit by unit over the units still standing, attacker's first. */
export function a3Units(state: State): Array<{ role: Role; unit: number }> {
  return roles.flatMap((role) => state.units[role].flatMap((u, unit) => (alive(u) ? [{ role, unit }] : [])));
}

export function nextStep(state: State): Step {
  const { setup } = state;
  const phase = state.phase;
  switch (phase.at) {
    case 'wave':
      return waveStep(state, phase.wave);
    case 'a4':
      return {
        kind: 'outcome',
        id: `a4.${state.counter}`,
        title: `Round ${state.round}: the outcome of the combat attacks (A4)`,
        lines: [...killsLines(state), state.result ? headline(state, state.result) : NO_IMMEDIATE_WINNER],
        final: false,
      };
    case 'a5':
      return { kind: 'outcome', id: `a5.${state.counter}`, title: `Round ${state.round}: after supporting fire (A5)`, lines: [...killsLines(state), headline(state, state.result!)], final: false };
    case 'a6': {
      const role: Role = phase.rolls.attacker ? 'defender' : 'attacker';
      const mods = resultModifiers(resultFacts(state, role));
      const sum = mods.reduce((n, m) => n + m.value, 0);
      return roll(state, 'a6', {
        title: `${setup[role].name}: assault result, roll 2D6 and keep the highest`,
        actor: role,
        count: 2,
        sides: 6,
        needs: 'the highest of 2D6',
        why: [
          { rule: 'Assault result', detail: 'each side rolls 2D6, keeps the highest die and adds its modifiers; the higher total wins' },
          { rule: 'Result modifiers', detail: mods.length > 0 ? `${mods.map((m) => `${m.label}: +${m.value} (${m.why})`).join('; ')}; +${sum} in all` : 'none apply: +0' },
        ],
      });
    }
    case 'result':
      return { kind: 'outcome', id: `result.${state.counter}`, title: `Round ${state.round}: the assault result (A6)`, lines: resultLines(state, state.result!), final: false };
    case 'extra':
      return extraStep(state, phase.role, phase.given);
    case 'withdraw':
      return withdrawStep(state, phase.role);
    case 'a3':
      return a3Step(state, phase.changed, phase.cursor);
    case 'end':
      return { kind: 'outcome', id: `end.${state.counter}`, title: 'The assault is over', lines: finalLines(state), final: true };
  }
}

/** Whose dice, in a few words for the title: "CC 4+ of Tactical Marines ×4, FF 4+ of Rhino ×2" (the why lists them all). */
const sourcesShort = (sources: ReadonlyArray<{ short: string }>) => (sources.length <= 2 ? sources.map((s) => s.short).join(', ') : `${sources[0]!.short}, …`);

function waveStep(state: State, wave: Wave): Step {
  const { setup } = state;
  const group = wave.groups[0];
  if (group) {
    const target = group.by === 'attacker' ? 'defender' : 'attacker';
    const why: Reason[] = group.sources.map((s) => ({ rule: s.rule, detail: `${s.label}: ${plural(s.dice, 'die', 'dice')}` }));
    if (wave.kind === 'firstStrike') why.push({ rule: 'First Strike', detail: 'First Strike extra attacks are resolved, and their casualties removed, before any other attack' });
    if (group.macro) why.push({ rule: 'Macro-weapon', detail: 'its hits are allocated before the others and get no save but Reinforced Armour (one roll) or an invulnerable save' });
    why.push({ rule: 'No modifiers', detail: `a D6 scoring ${group.value} or more hits; no modifiers ever apply in an assault` });
    return roll(state, wave.kind === 'support' ? 'support' : 'attack', {
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
  const role = currentTarget(state, wave);
  if (!role) throw new Error('a finished wave is settled before it is shown');
  const on = wave.on[role];
  if (on.saves === null) return allocationStep(state, role, on.hits, on.given!);
  return saveStep(state, role, on.saves);
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
  return choose(state, 'allocate', {
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
  return roll(state, 'save', {
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

function extraStep(state: State, role: Role, given: readonly number[]): ChooseStep {
  const { setup } = state;
  const units = state.units[role];
  const hits = state.result!.extraHits[role];
  const rest = hits - given.reduce((a, b) => a + b, 0);
  const def = extraDefault(setup, role, units, given, hits);
  const added = def.map((n, i) => n - given[i]!);
  const text = added.flatMap((n, i) => (n === 0 ? [] : [isWarEngine(entryOf(setup, role, units[i]!)) ? `${unitName(setup, role, units[i]!)} ${n} DC` : unitName(setup, role, units[i]!)]));
  const options: Option[] = [
    { id: 'rest', label: `Allocate the ${rest === hits ? '' : 'remaining '}${plural(rest, 'extra hit')} as suggested: ${text.join(', ')}`, suggested: true },
    ...extraChoices(setup, role, units, given).map((i) => ({
      id: `unit:${i}`,
      label: `1 extra hit to ${unitName(setup, role, units[i]!)}${isWarEngine(entryOf(setup, role, units[i]!)) ? ` (1 DC of ${units[i]!.left - given[i]!})` : ' (destroyed)'}`,
    })),
  ];
  const fearless = units.some((u) => alive(u) && entryOf(setup, role, u).fearless);
  return choose(state, 'extra', {
    title: `${setup[role].name}: allocate ${plural(rest, 'extra hit')}`,
    actor: role,
    prompt: 'No saves: each extra hit destroys a unit, or a point of a war engine’s damage capacity. Which units take them?',
    options,
    why: [
      { rule: 'Losing an assault', detail: `the loser takes extra hits equal to the difference in results (${hits}), with no saves` },
      ...(fearless ? [{ rule: 'Fearless', detail: 'Fearless units ignore these hits' }] : []),
    ],
  });
}

function withdrawStep(state: State, role: Role): ChooseStep {
  const { setup } = state;
  const units = state.units[role];
  const seen = new Set<number>();
  const options: Option[] = [{ id: 'none', label: `No more: the others ended more than ${WITHDRAWAL_DANGER_CM}cm from the enemy`, suggested: true }];
  units.forEach((u: UnitState, i) => {
    if (!alive(u) || seen.has(u.entry)) return;
    seen.add(u.entry);
    const e = entryOf(setup, role, u);
    const standing = units.filter((o) => o.entry === u.entry && alive(o)).length;
    options.push({ id: `unit:${i}`, label: `${unitName(setup, role, u)} ended within ${WITHDRAWAL_DANGER_CM}cm: destroyed`, ...(standing > 1 ? { detail: `one of the ${standing} ${e.name} units left: they are alike` } : {}) });
  });
  return choose(state, 'withdraw', {
    title: `${setup[role].name}: withdrawal (A7)`,
    actor: role,
    prompt: `${setup[role].formation} withdraws ${WITHDRAWAL_MOVES} moves. Which units ended within ${WITHDRAWAL_DANGER_CM}cm of the enemy? Name them one at a time; each is destroyed.`,
    options,
    why: [{ rule: 'Withdrawal', detail: `the loser withdraws ${WITHDRAWAL_MOVES} moves; units that end within ${WITHDRAWAL_DANGER_CM}cm of the enemy are destroyed` }],
  });
}

const engagements: Engagement[] = ['contact', 'firefight', 'none'];

function a3Step(state: State, changed: boolean, cursor: number): ChooseStep {
  const { setup } = state;
  const why: Reason[] = [{ rule: 'Counter-charge', detail: 'after a draw the assault goes on from A3: defenders not in base contact may counter-charge, and who is directly engaged may change' }];
  if (!changed) {
    return choose(state, 'a3', {
      title: `Round ${state.round}: counter-charges (A3)`,
      actor: 'defender',
      prompt: 'The assault was a draw and goes on. After counter-charges, is every unit still engaged as before?',
      options: [
        { id: 'same', label: 'As before: every unit engaged as it was', suggested: true },
        { id: 'changed', label: 'Some units are engaged differently: ask unit by unit' },
      ],
      why,
    });
  }
  const ref = a3Units(state)[cursor]!;
  const u = state.units[ref.role][ref.unit]!;
  const e = entryOf(setup, ref.role, u);
  const value = (g: Engagement) => (g === 'contact' ? (e.cc === null ? ', no CC: no attack' : `, CC ${e.cc}+`) : g === 'firefight' ? (e.ff === null ? ', no FF: no attack' : `, FF ${e.ff}+`) : ': cannot attack or be hit');
  return choose(state, 'engaged', {
    title: `${setup[ref.role].name}: ${unitName(setup, ref.role, u)} in round ${state.round}`,
    actor: ref.role,
    prompt: `How is ${unitName(setup, ref.role, u)} engaged after counter-charges?`,
    options: engagements.map((g) => ({ id: g, label: `${engagementLabel[g][0]!.toUpperCase()}${engagementLabel[g].slice(1)}${value(g)}`, ...(g === u.engaged ? { suggested: true } : {}) })),
    why,
  });
}
