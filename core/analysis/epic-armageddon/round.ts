import { beginA4 } from '../../systems/epic-armageddon/flow';
import { blastMarkersCounted, modifierTotal } from '../../systems/epic-armageddon/result';
import { highestOfTwoChance } from '../../systems/epic-armageddon/tables';
import { otherRole, roles, type Role, type RoundResult, type State } from '../../systems/epic-armageddon/state';
import { factsOf, sideModel, type SideModel } from './model';
import { hitsOf, noHits, poolKey, poolOf, type HitDist } from './pools';
import { point, transition, type StateDist } from './transition';
import { addInto, fromMap, waveFate } from './wave';
import { sideDice } from '../../systems/epic-armageddon/dice';

/**
 * The exact odds of the current round of an assault, to its A6 result (SCENARIOS §1), from any
 * state of it. The analysis follows the engine's order: the First Strike wave, the other combat
 * attacks, the immediate outcome, supporting fire, the result roll.
 *
 * Method. A side's state is the count of each block of alike engaged units (model.ts). Within a
 * wave the two sides' fates are independent given the dice that will be rolled; the waves couple
 * only through the dice of the survivors. So:
 *  - First Strike wave: each side's distribution over its states x1 (wave.ts).
 *  - Main wave: side X's dice depend on x1 only through its pool (the dice per score), so states
 *    are grouped by pool g; for every hit count h the enemy can make, Ψ_X[g][h] is the
 *    distribution of X's summary σ over the states x1 in g, after taking h; then
 *    Λ_X[gX][gY] = Σ_h P_gY(h) Ψ_X[gX][h], and the joint of both summaries is
 *    Σ_{gA,gB} Λ_A[gA][gB] ⊗ Λ_B[gB][gA].
 *  - Supporting fire: fixed dice; W(x2) maps a state after A4 to the distribution of what A6
 *    reads (units left, Inspiring units, Fearless share), memoised per state.
 *  - A6: summaries σ = (units after A4, engaged after A4 > 0, units / Inspiring / Fearless after
 *    A5) of both sides give the immediate outcomes, the kills and the modifiers; the 2D6-keep-
 *    highest difference is summed exactly over its 11 values.
 * Cost model: with S_X states of a side (the product of its blocks' sizes + 1) and H hit counts
 * the enemy can make, the main wave costs about H × Σ_{x1} (states below x1) ≤ H × Π(r(r+1)/2)
 * transitions when a First Strike wave makes x1 random, H × S_X otherwise; supporting fire
 * S_X × (support hit counts) more; the A6 pairs |σ_A| × |σ_B| × 11 per pool pair. tooLarge
 * (forSystem.ts) refuses states whose estimate is over budget.
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
  /** Support hits each side takes in A5 (the enemy's supporting units, fixed dice). */
  support: Record<Role, HitDist>;
  /** Radix of the A5 part of a summary: units × Inspiring × Fearless. */
  r3: Record<Role, { u: number; i: number; f: number; size: number }>;
  /** W memo per side: state after A4 → summary list. */
  memo: Record<Role, Map<number, { keys: number[]; ps: number[] }>>;
}

function contextOf(state: State): Context {
  const models = { attacker: sideModel(state.setup, 'attacker', state.units.attacker), defender: sideModel(state.setup, 'defender', state.units.defender) };
  const support = {} as Record<Role, HitDist>;
  const r3 = {} as Context['r3'];
  for (const role of roles) {
    const enemy = otherRole(role);
    // The enemy's supporting dice fire at this side (not when the wave is already under way: wave.ts has it).
    support[role] = hitsOf(sideDice(state.setup, enemy, state.units[enemy], 'support'));
    const m = models[role];
    const u = m.units + 1;
    const i = m.maxInspiring + 1;
    const f = m.maxFearless + 1;
    r3[role] = { u, i, f, size: u * i * f };
  }
  return { state, models, support, r3, memo: { attacker: new Map(), defender: new Map() } };
}

/** The A5 part of a summary for a state after A5. */
function sigma3(c: Context, role: Role, x3: number): number {
  const f = factsOf(c.models[role], x3);
  const r = c.r3[role];
  return (f.units * r.i + f.inspiring) * r.f + f.fearless;
}

/** A summary: what A4's outcome reads after A4 (units, engaged) and A5's part. */
const sigmaKey = (c: Context, role: Role, units2: number, engaged2: boolean, s3: number) => (units2 * 2 + (engaged2 ? 1 : 0)) * c.r3[role].size + s3;

/** W(x2): after A4 in state x2, the distribution of the full summary (supporting fire still to come). */
function afterA4(c: Context, role: Role, x2: number): { keys: number[]; ps: number[] } {
  const memo = c.memo[role];
  const had = memo.get(x2);
  if (had) return had;
  const m = c.models[role];
  const f2 = factsOf(m, x2);
  const h = c.support[role];
  const acc = new Map<number, number>();
  h.macro.forEach((pm, mh) => {
    if (pm === 0) return;
    h.normal.forEach((pn, nh) => {
      if (pn === 0) return;
      const d = f2.engaged === 0 ? point(x2) : transition(m, x2, mh, nh);
      for (let i = 0; i < d.xs.length; i++) {
        const k = sigmaKey(c, role, f2.units, f2.engaged > 0, sigma3(c, role, d.xs[i]!));
        acc.set(k, (acc.get(k) ?? 0) + pm * pn * d.ps[i]!);
      }
    });
  });
  const out = { keys: [...acc.keys()], ps: [...acc.values()] };
  memo.set(x2, out);
  return out;
}

/** Summaries from a distribution over states after A4. */
function summariesAfterA4(c: Context, role: Role, d2: StateDist): Map<number, number> {
  const acc = new Map<number, number>();
  for (let i = 0; i < d2.xs.length; i++) {
    const w = afterA4(c, role, d2.xs[i]!);
    for (let j = 0; j < w.keys.length; j++) acc.set(w.keys[j]!, (acc.get(w.keys[j]!) ?? 0) + d2.ps[i]! * w.ps[j]!);
  }
  return acc;
}

/** Summaries during supporting fire: A4 is over (its part is the current state), the A5 part from the states after A5. */
function summariesInA5(c: Context, role: Role, d3: StateDist): Map<number, number> {
  const f2 = factsOf(c.models[role], c.models[role].start);
  const acc = new Map<number, number>();
  for (let i = 0; i < d3.xs.length; i++) {
    const k = sigmaKey(c, role, f2.units, f2.engaged > 0, sigma3(c, role, d3.xs[i]!));
    acc.set(k, (acc.get(k) ?? 0) + d3.ps[i]!);
  }
  return acc;
}

/** P(attacker's kept die − defender's = d), d = −5…5 at index d + 5; the dice already rolled are fixed. */
function resultDice(rolls: Partial<Record<Role, number[]>>): number[] {
  const chance = (role: Role, k: number) => {
    const r = rolls[role];
    return r ? (Math.max(...r) === k ? 1 : 0) : highestOfTwoChance(k);
  };
  const out = new Array<number>(11).fill(0);
  for (let a = 1; a <= 6; a++) for (let b = 1; b <= 6; b++) out[a - b + 5]! += chance('attacker', a) * chance('defender', b);
  return out;
}

class Accumulator {
  kills: Record<Role, number[]> = { attacker: [], defender: [] };
  extraHits: Record<Role, number> = { attacker: 0, defender: 0 };
  extraLosses: Record<Role, number> = { attacker: 0, defender: 0 };
  win = { attacker: 0, draw: 0, defender: 0 };
  atA4: Record<Role, number> = { attacker: 0, defender: 0 };
  private mods = new Map<number, number>();

  constructor(
    private readonly c: Context,
    private readonly dice: number[],
  ) {}

  private addKills(role: Role, k: number, p: number) {
    const a = this.kills[role];
    while (a.length <= k) a.push(0);
    a[k]! += p;
  }

  /** RULES §4 A6 modifiers, the engine's own (result.ts), memoised. */
  private modifiers(role: Role, kills: number, units: number, enemyUnits: number, inspiring: number): number {
    const key = (((role === 'attacker' ? 0 : 1) * 4096 + kills) * 4096 + units) * 4096 * 4096 + enemyUnits * 4096 + inspiring;
    let v = this.mods.get(key);
    if (v === undefined) {
      const s = this.c.state;
      const other = otherRole(role);
      v = modifierTotal({
        kills,
        units,
        enemyUnits,
        blastMarkers: blastMarkersCounted(s.broken[role], s.blastMarkers[role], units),
        enemyBlastMarkers: blastMarkersCounted(s.broken[other], s.blastMarkers[other], enemyUnits),
        inspiring: inspiring + this.c.models[role].supportInspiring,
        enemyBroken: s.broken[other],
      });
      this.mods.set(key, v);
    }
    return v;
  }

  /** One pair of summaries with probability p: the immediate outcomes, A5's, or A6's 11 differences. */
  add(sa: number, sb: number, p: number) {
    const c = this.c;
    const dec = (role: Role, key: number) => {
      const r = c.r3[role];
      const s3 = key % r.size;
      const head = Math.floor(key / r.size);
      return { units2: Math.floor(head / 2), engaged2: head % 2 === 1, fearless: s3 % r.f, inspiring: Math.floor(s3 / r.f) % r.i, units3: Math.floor(s3 / (r.f * r.i)) };
    };
    const a = dec('attacker', sa);
    const b = dec('defender', sb);
    const kills0 = c.state.kills;
    const start = { attacker: c.models.attacker.units, defender: c.models.defender.units };
    // Seed 003: the attacker wins if the defending formation is destroyed (checked first), the defender if every engaged attacker is.
    if (b.units2 === 0 || !a.engaged2) {
      this.win[b.units2 === 0 ? 'attacker' : 'defender'] += p;
      this.atA4[b.units2 === 0 ? 'attacker' : 'defender'] += p;
      this.addKills('attacker', kills0.attacker + start.defender - b.units2, p);
      this.addKills('defender', kills0.defender + start.attacker - a.units2, p);
      return;
    }
    const ka = kills0.attacker + start.defender - b.units3;
    const kb = kills0.defender + start.attacker - a.units3;
    this.addKills('attacker', ka, p);
    this.addKills('defender', kb, p);
    // SCENARIOS §1: after A5 a formation with no units left loses (the defender checked first).
    if (b.units3 === 0) return void (this.win.attacker += p);
    if (a.units3 === 0) return void (this.win.defender += p);
    const d = this.modifiers('attacker', ka, a.units3, b.units3, a.inspiring) - this.modifiers('defender', kb, b.units3, a.units3, b.inspiring);
    const roomA = a.units3 - a.fearless;
    const roomB = b.units3 - b.fearless;
    for (let i = 0; i < 11; i++) {
      const q = this.dice[i]! * p;
      if (q === 0) continue;
      const t = i - 5 + d;
      if (t > 0) {
        this.win.attacker += q;
        this.extraHits.defender += q * t;
        this.extraLosses.defender += q * Math.min(t, roomB);
      } else if (t < 0) {
        this.win.defender += q;
        this.extraHits.attacker += q * -t;
        this.extraLosses.attacker += q * Math.min(-t, roomA);
      } else this.win.draw += q;
    }
  }

  pairs(a: Map<number, number>, b: Map<number, number>, weight = 1) {
    for (const [ka, pa] of a) {
      if (pa === 0) continue;
      for (const [kb, pb] of b) if (pb !== 0) this.add(ka, kb, weight * pa * pb);
    }
  }

  odds(round: number): RoundOdds {
    return { round, kills: this.kills, meanExtraHits: this.extraHits, meanExtraLosses: this.extraLosses, win: this.win, atA4: this.atA4 };
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

/** The main wave from random states after the First Strike wave, coupled through the survivors' dice. */
function coupledMainWave(c: Context, acc: Accumulator, d1: Record<Role, StateDist>) {
  // Group each side's states by the dice they will roll.
  const groups = {} as Record<Role, Array<{ hits: HitDist; members: Array<[number, number]> }>>;
  for (const role of roles) {
    const byKey = new Map<string, { hits: HitDist; members: Array<[number, number]> }>();
    const d = d1[role];
    for (let i = 0; i < d.xs.length; i++) {
      if (d.ps[i] === 0) continue;
      const pool = poolOf(c.models[role], d.xs[i]!, 'main');
      const key = poolKey(pool);
      let g = byKey.get(key);
      if (!g) byKey.set(key, (g = { hits: pool.length > 0 ? hitsOf(pool) : noHits, members: [] }));
      g.members.push([d.xs[i]!, d.ps[i]!]);
    }
    groups[role] = [...byKey.values()];
  }
  // Ψ_X[g][h]: X's summaries over the states of group g, after taking h = (macro, normal) hits.
  const lambda = {} as Record<Role, Map<number, number>[][]>;
  for (const role of roles) {
    const enemy = groups[otherRole(role)];
    const mMax = Math.max(...enemy.map((g) => g.hits.macro.length)) - 1;
    const nMax = Math.max(...enemy.map((g) => g.hits.normal.length)) - 1;
    const possible = (mh: number, nh: number) => enemy.some((g) => (g.hits.macro[mh] ?? 0) > 0 && (g.hits.normal[nh] ?? 0) > 0);
    const m = c.models[role];
    const psi = groups[role].map((g) => {
      const byHits: Array<Map<number, number> | null> = [];
      for (let mh = 0; mh <= mMax; mh++) {
        for (let nh = 0; nh <= nMax; nh++) {
          if (!possible(mh, nh)) {
            byHits.push(null);
            continue;
          }
          const states = new Map<number, number>();
          for (const [x1, p] of g.members) addInto(states, transition(m, x1, mh, nh), p);
          byHits.push(summariesAfterA4(c, role, fromMap(states)));
        }
      }
      return byHits;
    });
    // Λ_X[gX][gY] = Σ_h P_gY(h) Ψ_X[gX][h]
    lambda[role] = psi.map((byHits) =>
      enemy.map((gy) => {
        const out = new Map<number, number>();
        for (let mh = 0; mh <= mMax; mh++) {
          const pm = gy.hits.macro[mh] ?? 0;
          if (pm === 0) continue;
          for (let nh = 0; nh <= nMax; nh++) {
            const pn = gy.hits.normal[nh] ?? 0;
            const s = byHits[mh * (nMax + 1) + nh];
            if (pn === 0 || !s) continue;
            for (const [k, q] of s) out.set(k, (out.get(k) ?? 0) + pm * pn * q);
          }
        }
        return out;
      }),
    );
  }
  lambda.attacker.forEach((row, ga) => row.forEach((la, gb) => acc.pairs(la, lambda.defender[gb]![ga]!)));
}

/** The round's odds from any state of the engine. */
export function analyzeRound(state: State): RoundOdds {
  if (state.result) return decidedOdds(state.result);
  const phase = state.phase;
  // A3 of a round after a draw: the rest of the units engaged as before (the suggested answer).
  if (phase.at === 'a3') return analyzeRound(beginA4(state));
  if (phase.at !== 'wave' && phase.at !== 'a4' && phase.at !== 'a6') throw new Error(`no odds to work out at ${phase.at}`);
  const c = contextOf(state);
  const acc = new Accumulator(c, resultDice(phase.at === 'a6' ? phase.rolls : {}));
  if (phase.at === 'a6') {
    const now = { attacker: summariesInA5(c, 'attacker', point(c.models.attacker.start)), defender: summariesInA5(c, 'defender', point(c.models.defender.start)) };
    acc.pairs(now.attacker, now.defender);
    return acc.odds(state.round);
  }
  if (phase.at === 'a4') {
    acc.pairs(summariesAfterA4(c, 'attacker', point(c.models.attacker.start)), summariesAfterA4(c, 'defender', point(c.models.defender.start)));
    return acc.odds(state.round);
  }
  const wave = phase.wave;
  const fate = (role: Role) => waveFate(c.models[role], state, role, wave);
  switch (wave.kind) {
    case 'support':
      acc.pairs(summariesInA5(c, 'attacker', fate('attacker')), summariesInA5(c, 'defender', fate('defender')));
      break;
    case 'main':
      acc.pairs(summariesAfterA4(c, 'attacker', fate('attacker')), summariesAfterA4(c, 'defender', fate('defender')));
      break;
    case 'firstStrike':
      coupledMainWave(c, acc, { attacker: fate('attacker'), defender: fate('defender') });
      break;
  }
  return acc.odds(state.round);
}

