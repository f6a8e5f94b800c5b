import { memo } from '../../combat/memo';
import { pushLog } from '../../combat/stepEngine';
import { allocationOrder, emptyGiven, extraCapacity, settleAllocation, slotsOf, type Given } from './allocation';
import { waveGroups } from './dice';
import { afterSupportWinner, immediateWinner } from './result';
import { initialStage } from './saves';
import type { Setup } from './setup';
import {
  alive,
  entryOf,
  hitsText,
  isWarEngine,
  notSupportingWhy,
  otherRole,
  plural,
  roles,
  unitName,
  unitsKey,
  type Fate,
  type Hit,
  type HitCount,
  type OnSide,
  type Role,
  type RoundResult,
  type State,
  type UnitState,
  type Wave,
  type WaveKind,
} from './state';

/**
 * The order of an assault (RULES §4): A3 (after a draw) → A4 combat attacks, the First Strike
 * wave then the rest (seed 003, SCENARIOS §1) → the immediate outcome → A5 supporting fire → A6
 * result → extra hits → A7 withdrawal → A8 consolidation. A wave is: every batch of attack dice
 * rolled, then the hits on the defender allocated and saved, then those on the attacker, then the
 * casualties of both sides removed together. `settle` resolves whatever needs no player and stops
 * at the first step that needs dice, a choice, or an acknowledgement.
 */

export const waveName: Record<WaveKind, string> = {
  firstStrike: 'First Strike wave',
  main: 'combat attacks',
  support: 'supporting fire',
};

const emptyOn = (): OnSide => ({ hits: { macro: 0, normal: 0 }, given: null, saves: null });

/** A4 of a round begins: the round's odds start here. */
export function beginA4(state: State): State {
  const roundStart = {
    units: state.units,
    kills: state.kills,
    broken: state.broken,
    blastMarkers: state.blastMarkers,
    ...(state.allocation ? { allocation: state.allocation } : {}),
  };
  return beginWave({ ...state, roundStart, result: null }, 'firstStrike');
}

/** The state as the current round's A4 began (for its odds before any die): null before the round's A4. */
export function roundStartState(state: State): State | null {
  const r = state.roundStart;
  if (!r) return null;
  const { allocation: _now, ...rest } = state;
  return beginA4({
    ...rest,
    units: r.units,
    kills: r.kills,
    broken: r.broken,
    blastMarkers: r.blastMarkers,
    result: null,
    ...(r.allocation ? { allocation: r.allocation } : {}),
  });
}

/** A wave's batches of dice; a wave with none moves straight on. */
/** RULES §4 A5: supporting units of a Broken formation, or one that marched, are listed but give no supporting fire: said once. */
function logLeftOut(state: State): State {
  let s = state;
  for (const role of roles) {
    const out = s.setup[role].support.flatMap((x) => {
      const why = notSupportingWhy(x);
      return why ? [`${x.name}${x.count > 1 ? ` ×${x.count}` : ''} (${why})`] : [];
    });
    if (out.length > 0)
      s = pushLog(s, {
        actor: role,
        title: `${s.setup[role].name}: supporting fire`,
        result: `no supporting fire from ${out.join(', ')}`,
      });
  }
  return s;
}

export function beginWave(state: State, kind: WaveKind): State {
  const { groups, idle } = waveGroups(state.setup, state.units, kind);
  let s = kind === 'support' ? logLeftOut(state) : state;
  for (const role of idle) {
    s = pushLog(s, {
      actor: role,
      title: `${s.setup[role].name}: ${waveName[kind]}`,
      result: `${s.setup[otherRole(role)].name} have no directly engaged unit left to hit: the dice are not rolled`,
    });
  }
  if (groups.length > 0) {
    return { ...s, phase: { at: 'wave', wave: { kind, groups, on: { attacker: emptyOn(), defender: emptyOn() } } } };
  }
  return afterWave(s, kind);
}

function afterWave(state: State, kind: WaveKind): State {
  switch (kind) {
    case 'firstStrike':
      return beginWave(state, 'main');
    case 'main':
      return enterA4Check(state);
    case 'support':
      return enterA5Check(state);
  }
}

const noExtra = { attacker: 0, defender: 0 };

function decided(state: State, winner: Role, at: 'A4' | 'A5', reason: string): RoundResult {
  return {
    round: state.round,
    winner,
    at,
    kills: state.kills,
    totals: null,
    extraHits: noExtra,
    extraLosses: noExtra,
    reason,
  };
}

/** Seed 003 "Determine the outcome", shown as a step either way. */
function enterA4Check(state: State): State {
  const w = immediateWinner(state.units);
  return { ...state, phase: { at: 'a4' }, result: w ? decided(state, w.winner, 'A4', w.reason) : null };
}

/** SCENARIOS §1: a formation with no units left after supporting fire loses; otherwise on to A6. */
function enterA5Check(state: State): State {
  const w = afterSupportWinner(state.units);
  if (w) return { ...state, phase: { at: 'a5' }, result: decided(state, w.winner, 'A5', w.reason) };
  return { ...state, phase: { at: 'a6', rolls: {} } };
}

/** Hits as save dice, unit by unit in list order, Macro-weapon hits first. */
export function hitsFrom(setup: Setup, role: Role, units: readonly UnitState[], given: Given): Hit[] {
  const out: Hit[] = [];
  allocationOrder(units).forEach((unit) => {
    const [m, n] = given[unit]!;
    const e = entryOf(setup, role, units[unit]!);
    for (let k = 0; k < m; k++) out.push({ unit, macro: true, stage: initialStage(e, role, true) });
    for (let k = 0; k < n; k++) out.push({ unit, macro: false, stage: initialStage(e, role, false) });
  });
  return out;
}

/** "Boyz #1 ×2, Boyz #2 (Macro-weapon)": the hits each unit takes. */
export function allocationText(setup: Setup, role: Role, units: readonly UnitState[], given: Given): string {
  const parts: string[] = [];
  allocationOrder(units).forEach((unit) => {
    const [m, n] = given[unit]!;
    if (m + n === 0) return;
    const name = unitName(setup, role, units[unit]!);
    const macro = m === 0 ? '' : m === m + n ? ' (Macro-weapon)' : ` (${m} Macro-weapon)`;
    parts.push(`${name}${m + n > 1 ? ` ×${m + n}` : ''}${macro}`);
  });
  return parts.length > 0 ? parts.join(', ') : 'none';
}

const withWave = (state: State, wave: Wave): State => ({ ...state, phase: { at: 'wave', wave } });
const withOn = (wave: Wave, role: Role, on: OnSide): Wave => ({ ...wave, on: { ...wave.on, [role]: on } });

/** Allocates what needs no player on `role`; null when the player must choose. */
export function settleOn(state: State, wave: Wave, role: Role): State | null {
  const on = wave.on[role];
  const units = state.units[role];
  const r = settled(state.setup, role, units, on.given ?? emptyGiven(units.length), on.hits);
  if (r.choice) {
    // Keep the hits that were forced; stop for the player (unchanged: the step is waiting).
    if (on.given !== null && JSON.stringify(on.given) === JSON.stringify(r.given)) return null;
    return withWave(state, withOn(wave, role, { ...on, given: r.given }));
  }
  const total = on.hits.macro + on.hits.normal;
  // Allocated without a question (the rest was forced): one line saying where every hit went.
  const s =
    total === 0
      ? state
      : pushLog(state, {
          actor: role,
          title: `${state.setup[role].name}: ${hitsText(on.hits)} allocated`,
          result: allocationText(state.setup, role, units, r.given),
        });
  return withWave(s, withOn(wave, role, { ...on, given: r.given, saves: hitsFrom(state.setup, role, units, r.given) }));
}

/** The hits forced on a side's units (settleAllocation): every allocation of every play-out settles, worked out once per combat and key. */
const settled = (setup: Setup, role: Role, units: readonly UnitState[], given: Given, hits: HitCount) =>
  rememberedSettles(setup, `${role}|${unitsKey(units)}|${given.join(' ')}|${hits.macro},${hits.normal}`, () =>
    settleAllocation(slotsOf(setup, role, units), given, hits),
  );
const rememberedSettles = memo<ReturnType<typeof settleAllocation>>();

/** The end of a wave: every unit with an unsaved hit is destroyed, a war engine loses 1 DC per unsaved hit (excess lost). */
export function endWave(state: State, wave: Wave): State {
  const units = { ...state.units };
  const kills = { ...state.kills };
  const lines: string[] = [];
  const fate: Fate = wave.kind === 'firstStrike' ? 'A4 First Strike' : wave.kind === 'main' ? 'A4' : 'A5';
  for (const role of roles) {
    const saves = wave.on[role].saves ?? [];
    const lost: string[] = [];
    let total = 0;
    units[role] = state.units[role].map((u, i) => {
      const own = saves.filter((h) => h.unit === i);
      if (own.length === 0) return u;
      // Every hit allocated counts as taken; a hit left unrolled on a unit already certain to die is not saved.
      const taken = { ...u, hits: u.hits + own.length, saved: u.saved + own.filter((h) => h.stage === 'saved').length };
      const unsaved = own.filter((h) => h.stage === 'unsaved').length;
      if (unsaved === 0) return taken;
      const we = isWarEngine(entryOf(state.setup, role, u));
      const loss = we ? Math.min(u.left, unsaved) : 1;
      total += loss;
      const left = u.left - loss;
      lost.push(
        we
          ? `${unitName(state.setup, role, u)} ${plural(loss, 'damage', 'damage')}${left === 0 ? ' (destroyed)' : `, ${left} DC left`}`
          : unitName(state.setup, role, u),
      );
      return { ...taken, left, fate: left === 0 ? { round: state.round, by: fate } : null };
    });
    kills[otherRole(role)] += total;
    lines.push(
      total === 0
        ? `${state.setup[role].name} lose nothing`
        : `${state.setup[role].name} lose ${lost.join(', ')} (${plural(total, 'kill')} for ${state.setup[otherRole(role)].name})`,
    );
  }
  const s = pushLog(
    { ...state, units, kills },
    {
      actor: 'attacker',
      title: `${waveName[wave.kind][0]!.toUpperCase()}${waveName[wave.kind].slice(1)}: casualties`,
      result: lines.join('; '),
    },
  );
  return afterWave(s, wave.kind);
}

/** Extra hits taken: no saves (RULES §4 A6). */
export function applyExtra(state: State, role: Role, given: readonly number[]): State {
  const lost: string[] = [];
  const units = state.units[role].map((u, i) => {
    const n = given[i] ?? 0;
    if (n === 0) return u;
    const left = u.left - n;
    const we = isWarEngine(entryOf(state.setup, role, u));
    lost.push(
      we
        ? `${unitName(state.setup, role, u)} ${n} damage${left === 0 ? ' (destroyed)' : `, ${left} DC left`}`
        : unitName(state.setup, role, u),
    );
    return {
      ...u,
      left,
      hits: u.hits + n,
      fate: left === 0 ? { round: state.round, by: 'extra hits' as const } : null,
    };
  });
  const hits = state.result!.extraHits[role];
  const fearless = state.units[role].some((u) => alive(u) && entryOf(state.setup, role, u).fearless);
  const taken = given.reduce((a, b) => a + b, 0);
  const result = [
    taken > 0 ? `${state.setup[role].name} lose ${lost.join(', ')}` : `${state.setup[role].name} lose nothing`,
    hits > taken
      ? `${plural(hits - taken, 'hit')} ${fearless ? 'ignored by Fearless units or ' : ''}lost: no unit left to take ${hits - taken === 1 ? 'it' : 'them'}`
      : '',
  ].filter(Boolean);
  const s = pushLog(
    { ...state, units: { ...state.units, [role]: units } },
    {
      actor: role,
      title: `${state.setup[role].name}: ${plural(hits, 'extra hit')}, no saves`,
      result: result.join('; '),
    },
  );
  return enterA7(s, role);
}

/** RULES §4 A7: the loser becomes Broken, or is destroyed if it already was; it withdraws. */
export function enterA7(state: State, loser: Role): State {
  const name = state.setup[loser].name;
  if (!state.units[loser].some(alive)) {
    return finish(
      pushLog(state, {
        actor: loser,
        title: `${name}: lost the assault`,
        result: `${state.setup[loser].formation} has no units left`,
      }),
    );
  }
  if (state.broken[loser]) {
    const units = state.units[loser].map((u) =>
      alive(u) ? { ...u, left: 0, fate: { round: state.round, by: 'formation destroyed' as const } } : u,
    );
    const s = pushLog(
      { ...state, units: { ...state.units, [loser]: units } },
      {
        actor: loser,
        title: `${name}: lost the assault while Broken`,
        result: `${state.setup[loser].formation} was already Broken: it is destroyed`,
      },
    );
    return finish(s);
  }
  const s = pushLog(
    { ...state, broken: { ...state.broken, [loser]: true } },
    {
      actor: loser,
      title: `${name}: lost the assault`,
      result: `${state.setup[loser].formation} is Broken and withdraws`,
    },
  );
  return { ...s, phase: { at: 'withdraw', role: loser } };
}

/** RULES §4 A8: the winner takes a Blast marker per unit it lost (a point of war-engine damage counts); the assault is over. */
export function finish(state: State): State {
  const r = state.result!;
  if (r.winner === 'draw') return { ...state, phase: { at: 'end' } };
  const winner = r.winner;
  if (!state.units[winner].some(alive)) {
    const s = pushLog(state, {
      actor: winner,
      title: `${state.setup[winner].name}: no consolidation`,
      result: `${state.setup[winner].formation} has no units left either`,
    });
    return { ...s, phase: { at: 'end' } };
  }
  const lost = state.kills[otherRole(winner)];
  const markers = state.blastMarkers[winner] + lost;
  const s = pushLog(
    { ...state, blastMarkers: { ...state.blastMarkers, [winner]: markers } },
    {
      actor: winner,
      title: `${state.setup[winner].name}: consolidate`,
      result: `${plural(lost, 'Blast marker')} for ${plural(lost, 'unit')} lost: ${markers} in all`,
    },
  );
  return { ...s, phase: { at: 'end' } };
}

/** The losing side of a decided round. */
export const loserOf = (r: RoundResult): Role | null => (r.winner === 'draw' ? null : otherRole(r.winner));

/** Non-Fearless units and war-engine DC left: what extra hits can destroy. */
export const extraRoom = (state: Pick<State, 'setup' | 'units'>, role: Role) =>
  extraCapacity(state.setup, role, state.units[role]).reduce((a, b) => a + b, 0);
