import { memo, stepMemo } from '../../../combat/memo';
import { chooseStep, popTask, type TaskKind } from '../../../combat/stepEngine';
import type { ChooseStep, Option, Reason } from '../../../combat/steps';
import { InputError } from '../../../combat/system';
import { allocationPlan, allocationText, targetAt, targetName } from '../allocation';
import { unsavedChance } from '../attacks';
import { allocate, allocationOf } from '../flow';
import { capitalized, plural, poolKey, poolName, possessive, type State, type StepPart, type Task } from '../state';
import { ALLOCATING, percent, perAttack, slayChance } from './odds';

/**
 * One side's allocations at an Agility step, in one question (issue 22): every part of the side
 * striking there at once, as whole allocations players reach for — the suggested one first (the
 * setup's in the first round, as last round afterwards), everything at the rank and file, for
 * each enemy character enough to be likely to slay him or everything at him — and "Part by
 * part…", which asks each part target by target for full control. Seed 004 allows it: every
 * attack of the step is allocated before any hit is rolled, whichever part makes it.
 */

type Of<K extends Task['kind']> = Extract<Task, { kind: K }>;

/** "Likely" to slay: more often than not. */
export const LIKELY = 0.5;

interface SideOption extends Option {
  /** Each part's allocation (by poolKey); none for "Part by part…". */
  counts: Map<string, number[]> | null;
}

/** The side's parts whose allocation is still to make, each with its own question ("Part by part…"). */
function pending(state: State, role: Of<'side'>['role']): Array<{ s: StepPart; task: Of<'allocate'> }> {
  return state.parts.flatMap((s) => {
    if (s.part.role !== role || s.allocation !== null) return [];
    const task = state.queue.find(
      (t): t is Of<'allocate'> => t.kind === 'allocate' && t.part.role === role && t.part.who === s.part.who,
    );
    return task ? [{ s, task }] : [];
  });
}

/** "2 at Captain, 2 at the Spearmen", or part by part when several: "Captain: 3 at Baron; Standard Bearer: 2 at the Knights". */
function countsText(
  state: State,
  parts: ReadonlyArray<{ s: StepPart }>,
  counts: ReadonlyMap<string, number[]>,
): string {
  if (parts.length === 1) return allocationText(state.setup, parts[0]!.s.part, counts.get(poolKey(parts[0]!.s.part))!);
  return parts
    .map(
      ({ s }) =>
        `${capitalized(targetName(state.setup, s.part))}: ${allocationText(state.setup, s.part, counts.get(poolKey(s.part))!)}`,
    )
    .join('; ');
}

/**
 * The fewest attacks at pool `i` that make it likely to fall, from the parts best at wounding it
 * first; the rest at `rest`. Null when even every attack would not make it likely.
 */
function enoughAt(
  state: State,
  parts: ReadonlyArray<{ s: StepPart }>,
  i: number,
  rest: number,
): Map<string, number[]> | null {
  const target = targetAt(parts[0]!.s.part, i);
  const best = [...parts].sort(
    (a, b) => unsavedChance(state.setup, b.s.part, target, 'hit') - unsavedChance(state.setup, a.s.part, target, 'hit'),
  );
  const sent = new Map(best.map(({ s }) => [poolKey(s.part), 0]));
  const attacks = () => best.map(({ s }) => ({ part: s.part, dice: sent.get(poolKey(s.part))! }));
  let likely = false;
  for (const { s } of best) {
    for (let n = 1; n <= s.attacks && !likely; n++) {
      sent.set(poolKey(s.part), n);
      likely = slayChance(state, target, attacks()) >= LIKELY;
    }
    if (likely) break;
  }
  // Every attack needed: that is "all at him", offered under those words.
  if (!likely || best.every(({ s }) => sent.get(poolKey(s.part)) === s.attacks)) return null;
  return new Map(
    parts.map(({ s }) => {
      const counts = zeros(state, s);
      counts[i] = sent.get(poolKey(s.part))!;
      counts[rest]! += s.attacks - counts[i]!;
      return [poolKey(s.part), counts];
    }),
  );
}

const zeros = (state: State, s: StepPart) =>
  Array.from(
    { length: state.setup[s.part.role === 'attacker' ? 'defender' : 'attacker'].unit.characters.length + 1 },
    () => 0,
  );

/** Every part's attacks at pool `i`. */
const allAt = (state: State, parts: ReadonlyArray<{ s: StepPart }>, i: number) =>
  new Map(
    parts.map(({ s }) => {
      const counts = zeros(state, s);
      counts[i] = s.attacks;
      return [poolKey(s.part), counts];
    }),
  );

/** The suggested allocation, always the first option: the setup's in the first round, as last round afterwards. */
function suggestedOf(state: State, parts: ReturnType<typeof pending>): SideOption {
  const kept = parts.some(({ s }) => state.kept[poolKey(s.part)] !== undefined);
  const suggested = new Map(parts.map(({ s, task }) => [poolKey(s.part), allocationOf(state, task)]));
  return {
    id: 'suggested',
    label: `${kept ? 'As last round' : 'As set up'}: ${countsText(state, parts, suggested)}`,
    suggested: true,
    counts: suggested,
  };
}

/** The side's options, each a whole allocation (the same allocation is offered once, under its first words). */
export function sideOptions(state: State, role: Of<'side'>['role']): SideOption[] {
  const { setup } = state;
  const parts = pending(state, role);
  if (parts.length === 0) return [];
  const first = parts[0]!.s.part;
  // Every part of a side faces the same enemy pools.
  const plan = allocationPlan(setup, state.lost, first)!;
  const restName = targetName(setup, targetAt(first, plan.rest));
  const options: SideOption[] = [suggestedOf(state, parts)];
  if (plan.rest === 0)
    options.push({ id: 'rank-and-file', label: `All at ${restName}`, counts: allAt(state, parts, 0) });
  const slay = (i: number, counts: Map<string, number[]>) =>
    percent(
      slayChance(
        state,
        targetAt(first, i),
        parts.map(({ s }) => ({ part: s.part, dice: counts.get(poolKey(s.part))![i]! })),
      ),
    );
  for (const i of [...plan.ask, ...(plan.rest > 0 ? [plan.rest] : [])].sort((a, b) => a - b)) {
    const name = targetName(setup, targetAt(first, i));
    const enough = i === plan.rest ? null : enoughAt(state, parts, i, plan.rest);
    if (enough)
      options.push({
        id: `enough.${i}`,
        label: `Enough at ${name} to be likely to slay him, the rest at ${restName}`,
        detail: `${countsText(state, parts, enough)}: ${slay(i, enough)} to slay ${name}`,
        counts: enough,
      });
    const all = allAt(state, parts, i);
    options.push({ id: `all.${i}`, label: `All at ${name}`, detail: `${slay(i, all)} to slay ${name}`, counts: all });
  }
  const seen = new Set<string>();
  const distinct = options.filter((o) => {
    const key = JSON.stringify([...o.counts!.values()]);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
  return [
    ...distinct,
    {
      id: 'parts',
      label: 'Part by part…',
      detail: `${parts.length > 1 ? 'each of them asked' : 'asked'} target by target`,
      counts: null,
    },
  ];
}

function sideStep(state: State, task: Of<'side'>): ChooseStep {
  const { setup } = state;
  const parts = pending(state, task.role);
  const names = parts.map(({ s }) => poolName(setup, s.part));
  const attacks = parts.reduce((n, { s }) => n + s.attacks, 0);
  const plan = allocationPlan(setup, state.lost, parts[0]!.s.part)!;
  const targets = [...plan.ask, plan.rest].map((i) => targetAt(parts[0]!.s.part, i));
  const odds: Reason[] = parts.flatMap(({ s }) =>
    targets.map((t) => ({
      rule: parts.length > 1 ? `Odds per attack of ${poolName(setup, s.part)}` : 'Odds per attack',
      detail: perAttack(state, s.part, t),
    })),
  );
  const who = parts.length > 1 ? `${names.slice(0, -1).join(', ')} and ${names.at(-1)}` : names[0]!;
  return chooseStep(state, 'allocate', {
    title: `${capitalized(parts.length > 1 ? who : targetName(setup, parts[0]!.s.part))}: allocate ${plural(attacks, 'attack')}`,
    actor: task.role,
    prompt: `Where do ${parts.length > 1 ? `the attacks of ${parts.map(({ s }) => `${poolName(setup, s.part)} (${s.attacks})`).join(' and ')}` : `${possessive(targetName(setup, parts[0]!.s.part))} ${plural(attacks, 'attack')}`} go at Agility ${state.agility}?`,
    options: sideOptions(state, task.role).map(({ counts: _counts, ...o }) => o),
    why: [ALLOCATING, ...odds],
  });
}

/**
 * What the question reads of a state besides the setup and the counter: the side, the step, the
 * losses (the odds and the targets standing), the allocations kept and the parts and tasks still
 * to allocate. A side's question comes back in every round of every play-out: it is built once.
 */
const sideKey = (state: State, task: Of<'side'>) =>
  JSON.stringify([task.role, state.agility, state.lost, state.kept, state.parts, state.queue]);
const rememberedSide = stepMemo<ChooseStep>();

/** The suggested allocation (null when no part is left to allocate), remembered by the question's key: what a play-out answers every time. */
const suggestedNow = (state: State, task: Of<'side'>): SideOption | null =>
  rememberedSuggestions(state.setup, sideKey(state, task), () => {
    const parts = pending(state, task.role);
    return parts.length > 0 ? suggestedOf(state, parts) : null;
  }) ?? null;
const rememberedSuggestions = memo<SideOption | null>();

/** A side's one allocation question; "Part by part…" leaves each part's own questions to come. */
export const sideKind: TaskKind<State, Of<'side'>> = {
  auto: (s, task) => (pending(s, task.role).length === 0 ? popTask(s) : null),
  ask: (state, task) => rememberedSide(state.setup, sideKey(state, task), state.counter, () => sideStep(state, task)),
  answer(s, task, { option, log }) {
    // The suggested option is always offered first: no need to work out the others' odds to take it.
    const picked =
      option === 'suggested' ? suggestedNow(s, task) : sideOptions(s, task.role).find((o) => o.id === option);
    if (!picked) throw new InputError(`"${option}" is not one of the allocations offered.`, 'option');
    if (picked.counts === null) return popTask(log(s, 'Part by part'));
    const counts = picked.counts;
    const text = picked.id === 'suggested' ? picked.label : countsText(s, pending(s, task.role), counts);
    const done = allocate(popTask(log(s, text)), counts, true);
    return { ...done, queue: done.queue.filter((t) => !(t.kind === 'allocate' && counts.has(poolKey(t.part)))) };
  },
};
