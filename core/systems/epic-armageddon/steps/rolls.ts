import { stepMemo } from '../../../combat/memo';
import { rollStep, type Answer, type StepKind } from '../../../combat/stepEngine';
import type { DiceGroup, Reason, RollStep } from '../../../combat/steps';
import { splitDice } from '../../../combat/rollGroups';
import { waveName } from '../flow';
import { saveReasons } from '../saves';
import { passes } from '../tables';
import {
  entryOf,
  isWarEngine,
  otherRole,
  plural,
  unitName,
  unitsKey,
  type Hit,
  type Role,
  type RollGroup,
  type State,
  type Wave,
} from '../state';
import { attackBatch, saveBatch, type SaveChain } from './batches';

/**
 * The roll steps of a wave (seed 003): every attack die of the wave in one step, and both sides'
 * saves in one step per save stage, each in groups where the side or the score needed differs.
 */

const waveOf = (state: State): Wave => {
  if (state.phase.at !== 'wave') throw new Error(`not in a wave but at ${state.phase.at}`);
  return state.phase.wave;
};
const withWave = (state: State, wave: Wave): State => ({ ...state, phase: { at: 'wave', wave } });

/** Whose dice, in a few words: "CC 4+ of Tactical Marines ×4, FF 4+ of Rhino ×2" (the why lists them all). */
const sourcesShort = (sources: ReadonlyArray<{ short: string }>) =>
  sources.length <= 2 ? sources.map((s) => s.short).join(', ') : `${sources[0]!.short}, …`;

const diceWord = (n: number, macro: boolean) =>
  plural(n, macro ? 'Macro-weapon die' : 'die', macro ? 'Macro-weapon dice' : 'dice');

/** "Space Marines" or "Space Marines and Orks": the sides that roll in a step. */
const sidesOf = (state: State, roles: readonly Role[]) =>
  [...new Set(roles)].map((r) => state.setup[r].name).join(' and ');

/**
 * A step of one group is a plain roll; several make a step that takes them together. A group whose
 * dice each stand for their own thing (`ordered`: a save for this hit, then that one) keeps its
 * group even alone, so whoever reads the roll — the whole-combat walk included — knows which die
 * fell where: two hits on Boyz #1 and #2 with one save failed kill #1 or #2 by which die failed.
 */
function grouped(
  state: State,
  tag: string,
  s: { title: string; actor: Role; why: Reason[]; notes: string[] },
  groups: DiceGroup[],
): RollStep {
  if (groups.length === 1 && !groups[0]!.ordered) {
    const g = groups[0]!;
    return rollStep(state, tag, {
      ...s,
      count: g.count,
      sides: 6,
      needs: g.needs,
      ...(g.passOn !== undefined ? { passOn: g.passOn } : {}),
    });
  }
  const needs = [...new Set(groups.map((g) => g.needs))].join(' / ');
  return rollStep(state, tag, {
    ...s,
    count: groups.reduce((n, g) => n + g.count, 0),
    sides: 6,
    needs: `each group its own score: ${needs}`,
    groups,
  });
}

function attackWhy(wave: Wave, batch: readonly RollGroup[]): Reason[] {
  const why: Reason[] = batch.flatMap((g) =>
    g.sources.map((s) => ({ rule: s.rule, detail: `${s.label}: ${plural(s.dice, 'die', 'dice')}` })),
  );
  if (wave.kind === 'firstStrike')
    why.push({
      rule: 'First Strike',
      detail: 'First Strike extra attacks are resolved, and their casualties removed, before any other attack',
    });
  if (batch.some((g) => g.macro))
    why.push({
      rule: 'Macro-weapon',
      detail:
        'its hits are allocated before the others and get no save but Reinforced Armour (one roll) or an invulnerable save',
    });
  const values = [...new Set(batch.map((g) => g.value))].sort();
  why.push({
    rule: 'No modifiers',
    detail: `a D6 scoring ${values.map((v) => `${v}`).join(' or ')} or more hits${values.length > 1 ? ', as its group needs' : ''}; no modifiers ever apply in an assault`,
  });
  return why;
}

/** The attack dice of a wave: one step, a group per side and score needed (Macro-weapon dice apart). */
function attackStep(state: State, wave: Wave): RollStep {
  const { setup } = state;
  const batch = attackBatch(wave);
  const first = batch[0]!;
  const targets = [...new Set(batch.map((g) => setup[otherRole(g.by)].name))].join(' and ');
  const note = `Round ${state.round} · ${waveName[wave.kind]}: each hit goes to a directly engaged unit of ${targets}, nearest first (base contact first).`;
  const part = (g: RollGroup) => (g.part ? `, part ${g.part.k} of ${g.part.of}` : '');
  const title =
    batch.length === 1
      ? `${setup[first.by].name}: ${diceWord(first.dice, first.macro)} needing ${first.value}+ (${sourcesShort(first.sources)})${part(first)}`
      : `${sidesOf(
          state,
          batch.map((g) => g.by),
        )}: ${waveName[wave.kind]}, ${plural(
          batch.reduce((n, g) => n + g.dice, 0),
          'die',
          'dice',
        )}`;
  const groups: DiceGroup[] = batch.map((g, k) => ({
    id: `g${k}`,
    roller: g.by,
    label: `${setup[g.by].name}: ${sourcesShort(g.sources)}${g.macro ? ' (Macro-weapon)' : ''}${part(g)}`,
    count: g.dice,
    sides: 6,
    passOn: g.value,
    needs: `${g.value}+`,
  }));
  return grouped(
    state,
    wave.kind === 'support' ? 'support' : 'attack',
    { title, actor: first.by, why: attackWhy(wave, batch), notes: [note] },
    groups,
  );
}

/**
 * What the roll steps read besides the setup and the counter — an attack step the round, the wave
 * and its dice; a save step the units and the hits of both sides — as keys: every wave of every
 * play-out asks them, so each is built once per combat and key.
 */
const attackKey = (state: State, wave: Wave) => `attack|${state.round}|${wave.kind}|${groupsKey(wave.groups)}`;
/** A wave's dice groups as a string, once per array (a wave's first groups are shared by every play-out: dice.ts waveGroups). */
const groupsKey = (groups: readonly RollGroup[]): string => {
  let key = groupKeys.get(groups);
  if (key === undefined) groupKeys.set(groups, (key = JSON.stringify(groups)));
  return key;
};
const groupKeys = new WeakMap<readonly RollGroup[], string>();
const saveKey = (state: State, wave: Wave) =>
  `save|${unitsKey(state.units.attacker)}|${unitsKey(state.units.defender)}|${JSON.stringify(wave.on.attacker.saves)}|${JSON.stringify(wave.on.defender.saves)}`;
const rememberedSteps = stepMemo<RollStep>();

/** Each group's dice, in the step's order. */
const diceOf = (step: RollStep, a: Answer<State>) => (step.groups ? splitDice(step, a.dice) : [[...a.dice]]);

/** A batch of attack dice: a score equal to or over the value needed is a hit; no modifiers (seed 003). */
export const attackKind: StepKind<State> = {
  ask: (state) =>
    rememberedSteps(state.setup, attackKey(state, waveOf(state)), state.counter, () =>
      attackStep(state, waveOf(state)),
    ),
  answer(state, a) {
    const wave = waveOf(state);
    const batch = attackBatch(wave);
    const parts = diceOf(a.step as RollStep, a);
    const on = { attacker: { ...wave.on.attacker.hits }, defender: { ...wave.on.defender.hits } };
    const made = new Map<Role, { macro: number; normal: number }>();
    batch.forEach((g, k) => {
      const hits = parts[k]!.filter((f) => passes(f, g.value)).length;
      const target = otherRole(g.by);
      const m = made.get(g.by) ?? { macro: 0, normal: 0 };
      if (g.macro) m.macro += hits;
      else m.normal += hits;
      made.set(g.by, m);
      on[target] = g.macro
        ? { ...on[target], macro: on[target].macro + hits }
        : { ...on[target], normal: on[target].normal + hits };
    });
    const text = [...made].map(
      ([by, m]) =>
        `${m.macro > 0 ? `${plural(m.macro, 'Macro-weapon hit')}${m.normal > 0 ? ` and ${plural(m.normal, 'other hit')}` : ''}` : plural(m.normal, 'hit')} on ${state.setup[otherRole(by)].name}`,
    );
    const next: Wave = {
      ...wave,
      groups: wave.groups.slice(batch.length),
      on: {
        attacker: { ...wave.on.attacker, hits: on.attacker },
        defender: { ...wave.on.defender, hits: on.defender },
      },
    };
    return withWave(a.log(state, text.join('; '), a.dice), next);
  },
};

const stageWords = { first: 'saves', reroll: 'Reinforced Armour re-rolls', invuln: 'invulnerable saves' } as const;
const failWords = { first: 'failed save', reroll: 'failed re-roll', invuln: 'failed invulnerable save' } as const;
/** A chained group's words, short: its first group already says what follows a failure ("re-rolled if failed"). */
const chainedWords = { first: 'saves', reroll: 're-rolls', invuln: 'invulnerable saves' } as const;
/** What follows a failed first save, said on its group: "Orks: saves 4+, re-rolled if failed". */
const thenWords = { reroll: ', re-rolled if failed', invuln: ', invulnerable 6+ if failed' } as const;

/** "dice 1–2: Boyz #1 · die 3: Boyz #2 (Macro-weapon hit)". */
function diceMap(state: State, role: Role, hits: readonly Hit[]): string {
  const parts: string[] = [];
  let start = 0;
  for (let i = 1; i <= hits.length; i++) {
    const a = hits[start]!;
    const b = hits[i];
    if (b && b.unit === a.unit && b.macro === a.macro) continue;
    const range = i - start === 1 ? `die ${start + 1}` : `dice ${start + 1}–${i}`;
    parts.push(
      `${range}: ${unitName(state.setup, role, state.units[role][a.unit]!)}${a.macro ? ' (Macro-weapon hit)' : ''}`,
    );
    start = i;
  }
  return parts.join(' · ');
}

const hitsOfChain = (wave: Wave, c: SaveChain) => c.hits.map((i) => wave.on[c.role].saves![i]!);

function saveWhy(state: State, wave: Wave, batch: readonly SaveChain[]): Reason[] {
  const seen = new Set<string>();
  const why: Reason[] = [];
  for (const c of batch) {
    for (const h of hitsOfChain(wave, c)) {
      const e = entryOf(state.setup, c.role, state.units[c.role][h.unit]!);
      for (const { stage } of c.stages) {
        for (const r of saveReasons(e, c.role, { macro: h.macro, stage })) {
          const key = `${r.rule}|${r.detail}`;
          if (seen.has(key)) continue;
          seen.add(key);
          why.push(r);
        }
      }
    }
  }
  if (batch.some((c) => c.stages.length > 1))
    why.push({
      rule: 'Rolled through',
      detail:
        'a re-roll or invulnerable save follows each failed save at once, one die for each failure, as the table rolls them',
    });
  return why;
}

/** The step's groups: every chain's first saves, then the re-rolls, then the invulnerable saves (one die for each failure before). */
function chainGroups(
  state: State,
  wave: Wave,
  batch: readonly SaveChain[],
): Array<{ chain: number; at: number; group: DiceGroup }> {
  const { setup } = state;
  const depth = Math.max(...batch.map((c) => c.stages.length));
  const out: Array<{ chain: number; at: number; group: DiceGroup }> = [];
  for (let at = 0; at < depth; at++) {
    batch.forEach((c, k) => {
      const st = c.stages[at];
      if (!st) return;
      const next = c.stages[at + 1];
      out.push({
        chain: k,
        at,
        group: {
          id: `g${k}s${at}`,
          roller: c.role,
          label: `${setup[c.role].name}: ${(at === 0 ? stageWords : chainedWords)[st.stage as keyof typeof stageWords]} ${st.value}+${at === 0 && next ? thenWords[next.stage as keyof typeof thenWords] : ''}`,
          count: c.hits.length,
          sides: 6,
          passOn: st.value,
          needs: `${st.value}+`,
          ...(at === 0
            ? { note: `In order, ${diceMap(state, c.role, hitsOfChain(wave, c))}` }
            : {
                per: { group: `g${k}s${at - 1}`, on: 'fail' as const },
                note: `one die for each ${failWords[c.stages[at - 1]!.stage as keyof typeof failWords]}`,
              }),
          // Each die is a hit on its own unit, in order: where the hits are on more than one unit,
          // which die fails says who is lost, so the odds count each order apart.
          ...(new Set(hitsOfChain(wave, c).map((h) => h.unit)).size > 1 ? { ordered: true } : {}),
        },
      });
    });
  }
  return out;
}

/** Both sides' saves of a wave at once: a group per side, save and score needed, re-rolls and invulnerable saves chained on. */
function saveStep(state: State, wave: Wave): RollStep {
  const { setup } = state;
  const batch = saveBatch(state, wave);
  const first = batch[0]!;
  const groups = chainGroups(state, wave, batch).map((g) => g.group);
  const chained = groups.some((g) => g.per);
  const notes = [
    groups.length === 1
      ? `In order, ${diceMap(state, first.role, hitsOfChain(wave, first))}.`
      : 'Each group’s dice go to its hits in order (see each group).',
    'Each die that passes saves its hit; a unit with any unsaved hit is destroyed, a war engine loses 1 DC per unsaved hit.',
  ];
  if (chained)
    notes.push(
      'Roll the saves, then one die for each failure as the next group says, in the order of the failures: a Reinforced Armour re-roll, then an invulnerable save.',
    );
  // SCENARIOS §1: war-engine critical hits are not rolled (nor analysed).
  if (
    batch.some((c) =>
      hitsOfChain(wave, c).some((h) => isWarEngine(entryOf(setup, c.role, state.units[c.role][h.unit]!))),
    )
  )
    notes.push('War-engine critical hits are not rolled: each unsaved hit is 1 point of damage.');
  const heads = batch.reduce((n, c) => n + c.hits.length, 0);
  const title =
    groups.length === 1
      ? `${setup[first.role].name}: ${stageWords[first.stages[0]!.stage as keyof typeof stageWords]}, ${plural(heads, 'die', 'dice')} needing ${first.stages[0]!.value}+`
      : `${sidesOf(
          state,
          batch.map((c) => c.role),
        )}: saves, ${plural(heads, 'die', 'dice')}${chained ? ', then a die for each failure' : ''}`;
  return grouped(state, 'save', { title, actor: first.role, why: saveWhy(state, wave, batch), notes }, groups);
}

/** A batch of save dice: each die that passes saves its hit; a failure goes on to the chain's next save, if any, else the hit is unsaved. */
export const saveKind: StepKind<State> = {
  ask: (state) =>
    rememberedSteps(state.setup, saveKey(state, waveOf(state)), state.counter, () => saveStep(state, waveOf(state))),
  answer(state, a) {
    const wave = waveOf(state);
    const batch = saveBatch(state, wave);
    const parts = diceOf(a.step as RollStep, a);
    const placed = chainGroups(state, wave, batch);
    const saves = {
      attacker: wave.on.attacker.saves?.map((h) => ({ ...h })) ?? null,
      defender: wave.on.defender.saves?.map((h) => ({ ...h })) ?? null,
    };
    const tally = new Map<Role, { saved: number; failed: number; later: number }>();
    batch.forEach((c, k) => {
      const t = tally.get(c.role) ?? { saved: 0, failed: 0, later: 0 };
      // The hits still unsaved as each save of the chain is rolled: die d of a group is the d-th of them.
      let open = c.hits;
      c.stages.forEach((st, at) => {
        const dice = parts[placed.findIndex((g) => g.chain === k && g.at === at)] ?? [];
        const failed: number[] = [];
        open.forEach((hi, d) => {
          const h = saves[c.role]![hi]!;
          if (passes(dice[d]!, st.value)) {
            h.stage = 'saved';
            t.saved++;
            if (at > 0) t.later++;
          } else if (at + 1 < c.stages.length) failed.push(hi);
          else {
            // The chain's last save failed: the chain is every save the hit had left.
            h.stage = 'unsaved';
            t.failed++;
          }
        });
        open = failed;
      });
      tally.set(c.role, t);
    });
    const one = tally.size === 1;
    const text = [...tally].map(
      ([role, t]) =>
        `${one ? '' : `${state.setup[role].name}: `}${plural(t.saved, 'save')}${t.later > 0 ? ` (${t.later} by a re-roll or invulnerable save)` : ''}, ${t.failed} failed`,
    );
    const next: Wave = {
      ...wave,
      on: {
        attacker: { ...wave.on.attacker, saves: saves.attacker },
        defender: { ...wave.on.defender, saves: saves.defender },
      },
    };
    return withWave(a.log(state, text.join('; '), a.dice), next);
  },
};
