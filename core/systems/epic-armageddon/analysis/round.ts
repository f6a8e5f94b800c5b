import { sideDice } from '../dice';
import { beginA4 } from '../flow';
import { blastMarkersCounted, extraHitsFor, modifierTotal } from '../result';
import { resultDice } from '../tables';
import { otherRole, roles, type Role, type RoundResult, type State } from '../state';
import { factsOf, sideModel, type SideModel } from './model';
import { hitsOf, noHits, poolKey, poolOf, type HitDist } from './pools';
import { countsOf, packedShare, point, summariesAfter, transition, type StateDist } from './transition';
import { addInto, waveFate } from './wave';

/**
 * The exact odds of the current round of an assault, to its A6 result (SCENARIOS §1), from any
 * state of it. The analysis follows the engine's order: the First Strike wave, the other combat
 * attacks, the immediate outcome, supporting fire, the result roll.
 *
 * Method. A side's state is the count of each block of alike engaged units (model.ts). Within a
 * wave the two sides' fates are independent given the dice that will be rolled; the waves couple
 * only through the survivors' dice:
 *  - First Strike wave: each side's distribution over its states x1 (wave.ts).
 *  - Main wave: side X's dice depend on x1 only through its pool (dice per score), so the states
 *    x1 are grouped by pool g. For each pair of groups (gX, gY), X's states after A4 are
 *    D[gX][gY] = Σ_{x1 ∈ gX} P(x1) Σ_h P_gY(h) T(x1, h), and the two sides are independent given
 *    the pair: the joint is Σ_{gA,gB} D_A[gA][gB] ⊗ D_B[gB][gA].
 *  - Supporting fire: fixed dice, so each state after A4 maps to a distribution of what A6 reads
 *    (units left, Inspiring units, Fearless share), memoised per state.
 *  - What the outcome reads of a side (Ends): its units after A4 (the kills of an immediate win),
 *    whether an engaged attacker is left, and after A5 its units, Inspiring and Fearless units.
 *    Pairs of Ends give the immediate outcomes, the kills, and A6's 11 differences of the
 *    2D6-keep-highest dice, each exactly.
 * Cost model (per round, S_X = a side's number of states, the product of its blocks' sizes + 1;
 * H_X = the hit counts its enemy can make; G_X = its pools after First Strike): the main wave
 * costs Σ_{x1} H_X × (states below x1) ≤ H_X × Π(r(r+1)/2) additions when First Strike makes x1
 * random (H_X × S_X otherwise), times G_Y; supporting fire S_X × its hit counts × (states below);
 * the pairs G_A × G_B × |Ends_A| × |Ends_B|. size.ts estimates it and tooLarge refuses a state over
 * budget.
 */

export interface RoundOdds {
  round: number;
  /** P(the side made k kills in the assault by the end of this round's A4 + A5; A4 only when it ended there). */
  kills: Record<Role, number[]>;
  meanExtraHits: Record<Role, number>;
  meanExtraLosses: Record<Role, number>;
  win: { attacker: number; draw: number; defender: number };
  atA4: Record<Role, number>;
}

interface Context {
  state: State;
  models: Record<Role, SideModel>;
  /** Support hits each side takes in A5 (the enemy's supporting units: fixed dice). */
  support: Record<Role, HitDist>;
  /** Radices of the A5 summary: Inspiring × Fearless (units outermost). */
  radix: Record<Role, { i: number; f: number }>;
  /** Supporting fire's effect on the blocks it reaches (memo, afterSupport). */
  effects: Record<Role, Map<number, Map<number, { deltas: number[]; ps: number[] }>>>;
}

/**
 * What the outcome reads of one side. `units2[k]`: P(k units left after A4). `stranded[k]`:
 * P(no engaged unit left after A4 and k units left) — an attacker loses at once then.
 * `going`: P(the side can still fight on after A4, and its A5 summary is s), keyed by s; for the
 * attacker "fight on" is an engaged unit left, for the defender a unit left.
 */
interface Ends {
  units2: number[];
  stranded: number[];
  going: Bag;
}

/** Probabilities by a whole-number key: a dense array for the usual small summaries, a map past that. */
interface Bag {
  add(key: number, p: number): void;
  forEach(visit: (p: number, key: number) => void): void;
}

const DENSE_LIMIT = 1 << 18;

function bagOf(size: number): Bag {
  if (size <= DENSE_LIMIT) {
    const a = new Float64Array(size);
    const keys: number[] = [];
    return {
      add: (k, p) => {
        if (p === 0) return;
        if (a[k] === 0) keys.push(k);
        a[k]! += p;
      },
      forEach: (visit) => keys.forEach((k) => visit(a[k]!, k)),
    };
  }
  const m = new Map<number, number>();
  return { add: (k, p) => void m.set(k, (m.get(k) ?? 0) + p), forEach: (visit) => m.forEach(visit) };
}

/** The size of a side's packed A5 summaries (units × Inspiring × Fearless). */
const summarySize = (c: Context, role: Role) => (c.models[role].units + 1) * c.radix[role].i * c.radix[role].f;

const addAt = (a: number[], k: number, p: number) => {
  while (a.length <= k) a.push(0);
  a[k]! += p;
};

function contextOf(state: State): Context {
  // A side's kept allocation (plans.ts) is how the engine will place its hits in the waves to come.
  const models = {
    attacker: sideModel(state.setup, 'attacker', state.units.attacker, state.allocation?.attacker),
    defender: sideModel(state.setup, 'defender', state.units.defender, state.allocation?.defender),
  };
  const support = {} as Record<Role, HitDist>;
  const radix = {} as Context['radix'];
  for (const role of roles) {
    const enemy = otherRole(role);
    support[role] = hitsOf(sideDice(state.setup, enemy, state.units[enemy], 'support'));
    radix[role] = { i: models[role].maxInspiring + 1, f: models[role].maxFearless + 1 };
  }
  return { state, models, support, radix, effects: { attacker: new Map(), defender: new Map() } };
}

/** The A5 summary of a state: (units, Inspiring, Fearless) packed. */
function summary(c: Context, role: Role, x: number): number {
  const f = factsOf(c.models[role], x);
  const r = c.radix[role];
  return (f.units * r.i + f.inspiring) * r.f + f.fearless;
}

/**
 * Ends from the distribution of the side's states after A4, supporting fire still to come (its
 * dice are fixed). Hits fill the first places of the round robin, so unless they can go round more
 * than once only the blocks the most hits can reach matter: states are gathered by those blocks'
 * counts ("reach") and by their packed summary before the fire ("base"); the fire's effect on the
 * reached blocks (a change of the packed summary, with its chance) is worked out once per reach
 * and hit count, and added to every base gathered under it.
 */
function endsAfterA4(c: Context, role: Role, xs: readonly number[], ps: readonly number[]): Ends {
  const ends: Ends = { units2: [], stranded: [], going: bagOf(summarySize(c, role)) };
  const m = c.models[role];
  const r = c.radix[role];
  const h = c.support[role];
  const most = h.macro.length - 1 + h.normal.length - 1;
  const fixed = m.fixedUnits * r.i * r.f + m.fixedFearless;
  /** reach → base → probability, and one state of each reach (the fire's effect reads its counts). */
  const gathered = new Map<number, { x: number; bases: Map<number, number> }>();
  for (let i = 0; i < xs.length; i++) {
    const p = ps[i]!;
    if (p === 0) continue;
    const x = xs[i]!;
    const counts = countsOf(m, x);
    let base = fixed;
    let places = 0;
    for (let k = 0; k < counts.length; k++) {
      base += packedShare(m, k, counts[k]!, r.i, r.f);
      places += counts[k]!;
    }
    // The packed summary's units; no place in the round robin is no engaged unit.
    const units = Math.floor(base / (r.i * r.f));
    addAt(ends.units2, units, p);
    if (places === 0) addAt(ends.stranded, units, p);
    if (role === 'attacker' ? places === 0 : units === 0) continue;
    // What the most hits can reach (reachKey); the whole state, negated, when they can go round.
    const reach = most < places ? reachKey(m, counts, most) : -(x + 1);
    let g = gathered.get(reach);
    if (!g) gathered.set(reach, (g = { x, bases: new Map() }));
    g.bases.set(base, (g.bases.get(base) ?? 0) + p);
  }
  const going = ends.going;
  for (const [reach, g] of gathered) {
    const counts = countsOf(m, g.x);
    const places = counts.reduce((a, b) => a + b, 0);
    for (let mh = 0; mh < h.macro.length; mh++) {
      const pm = h.macro[mh]!;
      if (pm === 0) continue;
      for (let nh = 0; nh < h.normal.length; nh++) {
        const pn = h.normal[nh]!;
        if (pn === 0) continue;
        const combo = mh * h.normal.length + nh;
        let byReach = c.effects[role].get(combo);
        if (!byReach) c.effects[role].set(combo, (byReach = new Map()));
        // Fewer hits reach fewer blocks: the effect of these hits is shared by every reach that agrees on them.
        const own = reach >= 0 && mh + nh < places ? reachKey(m, counts, mh + nh) : reach;
        let effect = byReach.get(own);
        if (!effect) byReach.set(own, (effect = supportEffect(m, counts, mh, nh, r.i, r.f)));
        const w = pm * pn;
        for (const [base, p] of g.bases) {
          for (let j = 0; j < effect.deltas.length; j++) {
            going.add(base + effect.deltas[j]!, w * p * effect.ps[j]!);
          }
        }
      }
    }
  }
  return ends;
}

/**
 * What `hits` hits (fewer than the places) can reach of a state, as a number: digit k is 1 + the
 * count of block k that matters (1 + count, so a block not reached differs from a block at 0, in
 * base radix + 1). Each of the first `hits` places takes one hit; a block of alike units loses
 * only among its units hit and its share of the summary is linear in its count, so only the
 * units hit count; a war engine's share is not linear (it is Inspiring while any DC is left), so
 * its whole DC counts.
 */
function reachKey(m: SideModel, counts: Int32Array, hits: number): number {
  let key = 0;
  for (
    let k = 0, pos = 0, digit = 1;
    k < counts.length && pos < hits;
    pos += counts[k]!, digit *= m.radix[k]! + 1, k++
  ) {
    const count = m.blocks[k]!.warEngine ? counts[k]! : Math.min(counts[k]!, hits - pos);
    key += (count + 1) * digit;
  }
  return key;
}

/** How the packed summary changes when the blocks with these counts take the hits, with its chances. */
function supportEffect(
  m: SideModel,
  counts: Int32Array,
  macro: number,
  normal: number,
  ri: number,
  rf: number,
): { deltas: number[]; ps: number[] } {
  const acc = new Map<number, number>();
  const x = counts.reduce((n, cnt, k) => n + cnt * m.stride[k]!, 0);
  const before = counts.reduce((n, cnt, k) => n + packedShare(m, k, cnt, ri, rf), 0);
  // The summary of each outcome less the summary before: the change (units out of reach cancel out).
  summariesAfter(m, x, macro, normal, ri, rf, -before, acc, 1);
  return { deltas: [...acc.keys()], ps: [...acc.values()] };
}

/**
 * Ends during or after supporting fire: A4 is over and decided nothing (else the round's result
 * would be known), so its part is "fought on" — even if supporting fire has since destroyed every
 * engaged unit (that is A5's check: units left, engaged or not).
 */
function endsInA5(c: Context, role: Role, d3: StateDist): Ends {
  const m = c.models[role];
  const f = factsOf(m, m.start);
  const ends: Ends = { units2: [], stranded: [], going: bagOf(summarySize(c, role)) };
  addAt(ends.units2, f.units, 1);
  for (let i = 0; i < d3.xs.length; i++) ends.going.add(summary(c, role, d3.xs[i]!), d3.ps[i]!);
  return ends;
}

interface Decoded {
  units: number;
  inspiring: number;
  fearless: number;
  p: number;
}

class Accumulator {
  kills: Record<Role, number[]> = { attacker: [], defender: [] };
  extraHits: Record<Role, number> = { attacker: 0, defender: 0 };
  extraLosses: Record<Role, number> = { attacker: 0, defender: 0 };
  win = { attacker: 0, draw: 0, defender: 0 };
  atA4: Record<Role, number> = { attacker: 0, defender: 0 };
  private readonly mods = new Map<number, number>();
  private readonly start: Record<Role, number>;

  constructor(
    private readonly c: Context,
    private readonly dice: number[],
  ) {
    this.start = { attacker: c.models.attacker.units, defender: c.models.defender.units };
  }

  /** Kills a side has made when the enemy has `left` units (its kills so far, plus the enemy's losses since). */
  private killsBy(role: Role, enemyLeft: number) {
    return this.c.state.kills[role] + this.start[otherRole(role)] - enemyLeft;
  }

  /** RULES §4 A6 modifiers, the engine's own (result.ts), memoised. */
  private modifiers(role: Role, units: number, enemyUnits: number, inspiring: number): number {
    const key = ((role === 'attacker' ? 0 : 1) * 8192 + units) * 8192 * 8192 + enemyUnits * 8192 + inspiring;
    let v = this.mods.get(key);
    if (v === undefined) {
      const s = this.c.state;
      const other = otherRole(role);
      v = modifierTotal({
        kills: this.killsBy(role, enemyUnits),
        units,
        enemyUnits,
        blastMarkers: blastMarkersCounted(s.broken[role], s.blastMarkers[role], units, s.setup[role].knowNoFear),
        enemyBlastMarkers: blastMarkersCounted(
          s.broken[other],
          s.blastMarkers[other],
          enemyUnits,
          s.setup[other].knowNoFear,
        ),
        inspiring: inspiring + this.c.models[role].supportInspiring,
        enemyBroken: s.broken[other],
      });
      this.mods.set(key, v);
    }
    return v;
  }

  private decode(role: Role, going: Bag): Decoded[] {
    const r = this.c.radix[role];
    const out: Decoded[] = [];
    going.forEach((p, k) => {
      if (p !== 0)
        out.push({ units: Math.floor(k / (r.i * r.f)), inspiring: Math.floor(k / r.f) % r.i, fearless: k % r.f, p });
    });
    return out;
  }

  /** The two sides' Ends, independent, with weight w. */
  add(a: Ends, b: Ends, w = 1) {
    // Seed 003: every defending unit destroyed → the attacker wins (checked first)…
    const wiped = (b.units2[0] ?? 0) * w;
    if (wiped > 0) {
      // The attacker's side of the pair has mass P(its group): the sum of its distribution.
      const mass = wiped * a.units2.reduce((s, p) => s + p, 0);
      this.win.attacker += mass;
      this.atA4.attacker += mass;
      addAt(this.kills.attacker, this.killsBy('attacker', 0), mass);
      a.units2.forEach((p, k) => p > 0 && addAt(this.kills.defender, this.killsBy('defender', k), wiped * p));
    }
    // …otherwise every directly engaged attacker destroyed → the defender wins.
    a.stranded.forEach((pa, ka) => {
      if (pa === 0) return;
      b.units2.forEach((pb, kb) => {
        if (kb === 0 || pb === 0) return;
        const q = w * pa * pb;
        this.win.defender += q;
        this.atA4.defender += q;
        addAt(this.kills.attacker, this.killsBy('attacker', kb), q);
        addAt(this.kills.defender, this.killsBy('defender', ka), q);
      });
    });
    const as = this.decode('attacker', a.going);
    const bs = this.decode('defender', b.going);
    for (const x of as) {
      for (const y of bs) {
        const p = w * x.p * y.p;
        addAt(this.kills.attacker, this.killsBy('attacker', y.units), p);
        addAt(this.kills.defender, this.killsBy('defender', x.units), p);
        // SCENARIOS §1: after A5 a formation with no units left loses (the defender checked first).
        if (y.units === 0) {
          this.win.attacker += p;
          continue;
        }
        if (x.units === 0) {
          this.win.defender += p;
          continue;
        }
        const d =
          this.modifiers('attacker', x.units, y.units, x.inspiring) -
          this.modifiers('defender', y.units, x.units, y.inspiring);
        const roomA = x.units - x.fearless;
        const roomB = y.units - y.fearless;
        for (let i = 0; i < 11; i++) {
          const q = this.dice[i]! * p;
          if (q === 0) continue;
          const t = i - 5 + d;
          if (t > 0) {
            const hits = extraHitsFor(t, this.c.state.setup.defender.knowNoFear);
            this.win.attacker += q;
            this.extraHits.defender += q * hits;
            this.extraLosses.defender += q * Math.min(hits, roomB);
          } else if (t < 0) {
            const hits = extraHitsFor(-t, this.c.state.setup.attacker.knowNoFear);
            this.win.defender += q;
            this.extraHits.attacker += q * hits;
            this.extraLosses.attacker += q * Math.min(hits, roomA);
          } else this.win.draw += q;
        }
      }
    }
  }

  odds(round: number): RoundOdds {
    return {
      round,
      kills: this.kills,
      meanExtraHits: this.extraHits,
      meanExtraLosses: this.extraLosses,
      win: this.win,
      atA4: this.atA4,
    };
  }
}

/** A round already decided: a point mass. */
export function decidedOdds(r: RoundResult): RoundOdds {
  const at = (k: number) => [...Array<number>(k).fill(0), 1];
  const w = r.winner;
  return {
    round: r.round,
    kills: { attacker: at(r.kills.attacker), defender: at(r.kills.defender) },
    meanExtraHits: { ...r.extraHits },
    meanExtraLosses: { ...r.extraLosses },
    win: { attacker: w === 'attacker' ? 1 : 0, draw: w === 'draw' ? 1 : 0, defender: w === 'defender' ? 1 : 0 },
    atA4: { attacker: r.at === 'A4' && w === 'attacker' ? 1 : 0, defender: r.at === 'A4' && w === 'defender' ? 1 : 0 },
  };
}

interface Group {
  hits: HitDist;
  members: Array<[number, number]>;
}

/** A side's states after First Strike, grouped by the dice they will roll in the main wave. */
function groupsOf(m: SideModel, d: StateDist): Group[] {
  const byKey = new Map<string, Group>();
  for (let i = 0; i < d.xs.length; i++) {
    if (d.ps[i] === 0) continue;
    const pool = poolOf(m, d.xs[i]!, 'main');
    const key = poolKey(pool);
    let g = byKey.get(key);
    if (!g) byKey.set(key, (g = { hits: pool.length > 0 ? hitsOf(pool) : noHits, members: [] }));
    g.members.push([d.xs[i]!, d.ps[i]!]);
  }
  return [...byKey.values()];
}

/** The main wave from states after the First Strike wave, the sides coupled through the survivors' dice. */
function mainWave(c: Context, acc: Accumulator, d1: Record<Role, StateDist>) {
  const groups = {
    attacker: groupsOf(c.models.attacker, d1.attacker),
    defender: groupsOf(c.models.defender, d1.defender),
  };
  const ends = {} as Record<Role, Ends[][]>;
  for (const role of roles) {
    const m = c.models[role];
    const enemy = groups[otherRole(role)];
    ends[role] = groups[role].map((g) => {
      // D[gX][gY]: the side's states after A4, one distribution per enemy group.
      const dists = enemy.map(() => new Map<number, number>());
      const mMax = Math.max(...enemy.map((e) => e.hits.macro.length)) - 1;
      const nMax = Math.max(...enemy.map((e) => e.hits.normal.length)) - 1;
      for (let mh = 0; mh <= mMax; mh++) {
        for (let nh = 0; nh <= nMax; nh++) {
          const weights = enemy.map((e) => (e.hits.macro[mh] ?? 0) * (e.hits.normal[nh] ?? 0));
          if (weights.every((q) => q === 0)) continue;
          for (const [x1, p] of g.members) {
            const t = transition(m, x1, mh, nh);
            for (let k = 0; k < weights.length; k++) {
              if (weights[k] !== 0) addInto(dists[k]!, t, p * weights[k]!);
            }
          }
        }
      }
      return dists.map((d) => endsAfterA4(c, role, [...d.keys()], [...d.values()]));
    });
  }
  ends.attacker.forEach((row, ga) => row.forEach((ea, gb) => acc.add(ea, ends.defender[gb]![ga]!)));
}

/** The round's odds from any state of the engine. */
export function analyzeRound(state: State): RoundOdds {
  if (state.result) return decidedOdds(state.result);
  const phase = state.phase;
  // A3 of a round after a draw: the rest of the units engaged as before (the suggested answer).
  if (phase.at === 'a3') return analyzeRound(beginA4(state));
  if (phase.at !== 'wave' && phase.at !== 'a4' && phase.at !== 'a6')
    throw new Error(`no odds to work out at ${phase.at}`);
  const c = contextOf(state);
  const acc = new Accumulator(c, resultDice(phase.at === 'a6' ? phase.rolls : {}));
  const now = (role: Role) => point(c.models[role].start);
  if (phase.at === 'a6') {
    acc.add(endsInA5(c, 'attacker', now('attacker')), endsInA5(c, 'defender', now('defender')));
  } else if (phase.at === 'a4') {
    const ends = (role: Role) => endsAfterA4(c, role, now(role).xs, now(role).ps);
    acc.add(ends('attacker'), ends('defender'));
  } else {
    const wave = phase.wave;
    const fate = (role: Role) => waveFate(c.models[role], state, role, wave);
    if (wave.kind === 'support')
      acc.add(endsInA5(c, 'attacker', fate('attacker')), endsInA5(c, 'defender', fate('defender')));
    else if (wave.kind === 'main') {
      const ends = (role: Role) => {
        const d = fate(role);
        return endsAfterA4(c, role, d.xs, d.ps);
      };
      acc.add(ends('attacker'), ends('defender'));
    } else mainWave(c, acc, { attacker: fate('attacker'), defender: fate('defender') });
  }
  return acc.odds(state.round);
}
