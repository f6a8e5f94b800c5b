import { spend } from '../../../analysis/budget';
import type { Setup } from '../profiles';
import { startSituation, type Resolving, type Situation } from '../situation';
import { weaponModel, weaponRestJoint, weaponStartJoint } from './attack';
import { feelNoPainFor } from '../damage';
import {
  applyKernel,
  damageDist,
  mortalKernel,
  restDamageDist,
  savePassFor,
  weaponKernel,
  type EventKernel,
} from './damage';
import { meanOf } from '../../../analysis/mean';
import { remembered } from './memo';
import { binomialThinning, pointDist } from './distribution';
import { fnpThrough } from './rolls';
import type { Joint } from './joint';
import { targetSpace, type TargetSpace } from './target';

/**
 * Exact outcome distribution of a 10th edition attack (seed 001, RULES §1) from any Situation.
 *
 * State: L = wounds lost so far by the models alive now (target.ts: the allocation policy uses
 * the models up in a fixed order, so L fixes the current model, its wounds left and the models
 * destroyed), jointly with one count per kind of pending Devastating Wounds critical. Mortal
 * wounds from Devastating Wounds are resolved after ALL normal damage (seed 001), so the DP
 * carries "how many are waiting" as extra dimensions and resolves them at the very end.
 *
 * A weapon's attacks, up to the saving throw, do not depend on the target's state (Toughness and
 * Blast are fixed when the weapon starts), so its (normal wounds n, Devastating crits c) is one
 * joint distribution (attack.ts). Its effect on the state is Σ_{n,c} P(n, c)·Bⁿ·v shifted by c in
 * the Devastating dimension, where B = one wound's save + damage + Feel No Pain on the current
 * model, excess lost (damage.ts).
 */
export interface Analysis10e {
  /** modelsDestroyed[k] = P(final total of destroyed models = k), including those already destroyed. */
  modelsDestroyed: number[];
  /** woundsLost[w] = P(final total of wounds lost = w), including those already lost. */
  woundsLost: number[];
  meanModelsDestroyed: number;
  meanWoundsLost: number;
}

/**
 * Waiting Devastating Wounds criticals of one weapon (or of consecutive weapons of the same damage,
 * which is the same as one weapon): the engine resolves them weapon by weapon, in the order the
 * weapons scored them (its `devastatingPending` list), so the dimensions keep that order.
 */
interface DevDim {
  key: string;
  kernel: EventKernel;
  size: number;
}

/** The DP's distribution: v[d·states + L], d a mixed-radix index over the Devastating dimensions. */
interface DpState {
  v: Float64Array;
  dims: DevDim[];
}

const sizeOf = (dims: readonly DevDim[]) => dims.reduce((s, d) => s * d.size, 1);

/**
 * Adds room for up to `cMax` more criticals of kind `key` — in the last dimension if it is of the
 * same kind, else in a new last one; returns the new dimensions and the map (old slice d, added
 * c) → new slice, stored at d·(cMax+1) + c.
 */
function growDev(dims: DevDim[], key: string, kernel: EventKernel, cMax: number): { dims: DevDim[]; map: Int32Array } {
  const oldSize = sizeOf(dims);
  const map = new Int32Array(oldSize * (cMax + 1));
  if (cMax === 0) {
    for (let d = 0; d < oldSize; d++) map[d] = d;
    return { dims, map };
  }
  const t = dims.length > 0 && dims[dims.length - 1]!.key === key ? dims.length - 1 : -1;
  if (t < 0) {
    for (let d = 0; d < oldSize; d++) for (let c = 0; c <= cMax; c++) map[d * (cMax + 1) + c] = d + oldSize * c;
    return { dims: [...dims, { key, kernel, size: cMax + 1 }], map };
  }
  const grown = dims.map((dim, i) => (i === t ? { ...dim, size: dim.size + cMax } : dim));
  let oldStride = 1;
  let newStride = 1;
  for (let i = 0; i < t; i++) {
    oldStride *= dims[i]!.size;
    newStride *= grown[i]!.size;
  }
  const oldSizeT = dims[t]!.size;
  const newSizeT = grown[t]!.size;
  for (let d = 0; d < oldSize; d++) {
    const low = d % oldStride;
    const digit = Math.floor(d / oldStride) % oldSizeT;
    const high = Math.floor(d / (oldStride * oldSizeT));
    for (let c = 0; c <= cMax; c++) map[d * (cMax + 1) + c] = low + newStride * (digit + c + newSizeT * high);
  }
  return { dims: grown, map };
}

/** Applies an event `times` times to every slice (failed saves awaiting damage, mortal wounds). */
function applyRepeated(st: DpState, space: TargetSpace, kernel: EventKernel, times: number): void {
  if (times <= 0) return;
  const S = space.states;
  const tmp = new Float64Array(S);
  for (let d = 0; d < sizeOf(st.dims); d++) {
    for (let i = 0; i < times; i++) {
      applyKernel(kernel, space, st.v, d * S, tmp, 0, 0, S - 1);
      st.v.set(tmp, d * S);
    }
  }
}

/**
 * One weapon's normal damage: states are split into classes that share the weapon's (n, c)
 * joint (`classOf[L]`, −1 = no mass or all destroyed); class k uses joints[k].
 */
function weaponPhase(
  st: DpState,
  space: TargetSpace,
  classOf: Int32Array,
  joints: Joint[],
  save: EventKernel,
  devKey: string,
  devKernel: EventKernel,
): DpState {
  const S = space.states;
  const last = space.totalWounds;
  let cMax = 0;
  for (const j of joints) cMax = Math.max(cMax, j.c0 + j.cLen - 1);
  const oldSize = sizeOf(st.dims);
  const { dims, map } = growDev(st.dims, devKey, devKernel, cMax);
  spend(sizeOf(dims) * S);
  const out = new Float64Array(sizeOf(dims) * S);
  const stride = cMax + 1;
  let u = new Float64Array(S);
  let tmp = new Float64Array(S);
  for (let d = 0; d < oldSize; d++) {
    const src = d * S;
    // Everything destroyed: nothing more happens (and Devastating criticals would do nothing).
    out[map[d * stride]! * S + last]! += st.v[src + last]!;
    for (let k = 0; k < joints.length; k++) {
      const J = joints[k]!;
      spend(S);
      let lo = -1;
      let hi = -1;
      for (let L = 0; L < last; L++) {
        const p = classOf[L] === k ? st.v[src + L]! : 0;
        u[L] = p;
        if (p !== 0) {
          if (lo < 0) lo = L;
          hi = L;
        }
      }
      u[last] = 0;
      if (lo < 0) continue;
      const nEnd = J.n0 + J.nLen - 1;
      const { cLen, p: jp } = J;
      for (let n = 0; n <= nEnd; n++) {
        spend((hi - lo + 1) * cLen);
        if (n >= J.n0) {
          const row = (n - J.n0) * cLen;
          for (let jc = 0; jc < cLen; jc++) {
            const w = jp[row + jc]!;
            if (w === 0) continue;
            const dst = map[d * stride + J.c0 + jc]! * S;
            for (let L = lo; L <= hi; L++) out[dst + L]! += w * u[L]!;
          }
        }
        if (n === nEnd) break;
        if (lo === last) {
          // All mass destroyed the unit: the remaining wounds change nothing.
          for (let m = Math.max(n + 1, J.n0); m <= nEnd; m++) {
            const row = (m - J.n0) * cLen;
            for (let jc = 0; jc < cLen; jc++) out[map[d * stride + J.c0 + jc]! * S + last]! += jp[row + jc]! * u[last]!;
          }
          break;
        }
        hi = applyKernel(save, space, u, 0, tmp, 0, lo, hi);
        const swap = u;
        u = tmp;
        tmp = swap;
        while (lo < hi && u[lo] === 0) lo++;
      }
    }
  }
  return { v: out, dims };
}

/**
 * Resolves the waiting Devastating Wounds criticals, dimension by dimension in the engine's order
 * (the order their weapons scored them): Σ_c A^c·v(c) by Horner's rule (A = one critical's D
 * mortal wounds, FNP, excess lost).
 */
function resolveDevastating(st: DpState, space: TargetSpace): Float64Array {
  const S = space.states;
  let v = st.v;
  let size = sizeOf(st.dims);
  let acc = new Float64Array(S);
  let tmp = new Float64Array(S);
  for (const dim of st.dims) {
    const s = dim.size;
    const rest = size / s;
    const out = new Float64Array(rest * S);
    for (let h = 0; h < rest; h++) {
      acc.set(v.subarray((s - 1 + s * h) * S, (s + s * h) * S));
      for (let c = s - 2; c >= 0; c--) {
        spend(S);
        applyKernel(dim.kernel, space, acc, 0, tmp, 0, 0, S - 1);
        const base = (c + s * h) * S;
        for (let L = 0; L < S; L++) tmp[L]! += v[base + L]!;
        const swap = acc;
        acc = tmp;
        tmp = swap;
      }
      out.set(acc, h * S);
    }
    v = out;
    size = rest;
  }
  return v;
}

/** The kind of a Devastating Wounds critical: its mortal wounds are the weapon's damage. */
function devKind(setup: Setup, weapon: number): { key: string; kernel: EventKernel } {
  return remembered(setup, `dev:${weapon}`, () => {
    const w = setup.attacker.weapons[weapon];
    if (!w) throw new Error(`no weapon ${weapon} in the setup`);
    // Its mortal wounds face the Feel No Pain against mortal wounds (WH40K10-MODIFIERS.md).
    return {
      key: Array.from(damageDist(setup, w)).join(','),
      kernel: weaponKernel(setup, w, false, undefined, { mortal: true }),
    };
  });
}

export function analyze10e(situation: Situation): Analysis10e {
  const res = situation.resolving;
  return res && res.target !== undefined ? analyzeResolving(situation, res, res.target) : analyzeQueued(situation);
}

/**
 * The one attack or mortal wound being resolved (situation.ts Resolving), already allocated to
 * `target` — which need not be the model the policy would pick (a Precision attack, or the
 * defender's own choice): its save (the chosen one, else the better), its damage (what is rolled
 * so far, the rest to roll), Feel No Pain per point and the loss of wounds, excess lost (seed
 * 001). Each possible result is a Situation without it; the analysis is their mixture.
 */
function analyzeResolving(situation: Situation, res: Resolving, target: number): Analysis10e {
  const { setup } = situation;
  const model = situation.models[target];
  const group = model && setup.defender.models[model.group];
  const rest = withoutResolving(situation, res.source);
  if (!model || !group || model.woundsLeft <= 0) return analyzeQueued(rest);
  const cur = situation.current;
  const weaponIndex = res.source === 'attack' ? cur?.weapon : situation.devastatingPending[0]?.weapon;
  const weapon = res.source === 'mortal' || weaponIndex === undefined ? null : setup.attacker.weapons[weaponIndex];
  // The save: only an attack before its saving throw (one after a failed save is in damageToApply);
  // a save whose first die already failed is the re-roll, never re-rolled again.
  const pass =
    res.source === 'attack' && weapon && cur && cur.damageToApply === 0
      ? savePassFor(setup, weapon, model.group, res.save, !res.saveRerolled)
      : 0;
  let damage: Float64Array;
  if (res.damage !== undefined) damage = pointDist(res.damage);
  else if (!weapon) damage = pointDist(1);
  else if (res.damageRoll) damage = restDamageDist(setup, res.damageRoll.rest, res.damageRoll.plus);
  else damage = damageDist(setup, weapon);
  const through = binomialThinning(damage, fnpThrough(feelNoPainFor(group, res.source)));
  // P(the model ends with `left` wounds), left = 0 … woundsLeft.
  const byLeft = new Float64Array(model.woundsLeft + 1);
  byLeft[model.woundsLeft]! += pass;
  through.forEach((p, j) => (byLeft[Math.max(0, model.woundsLeft - j)]! += (1 - pass) * p));
  const parts: Array<[number, Analysis10e]> = [];
  byLeft.forEach((p, left) => {
    if (p <= 0) return;
    const after: Situation = {
      ...rest,
      models: rest.models.map((m, i) => (i === target ? { ...m, woundsLeft: left, allocated: true } : m)),
      modelsDestroyed: rest.modelsDestroyed + (left === 0 ? 1 : 0),
      woundsLost: rest.woundsLost + model.woundsLeft - left,
    };
    parts.push([p, analyzeQueued(after)]);
  });
  return mixAnalyses(parts);
}

/** The situation once what is being resolved is done (taken off the count it is in). */
function withoutResolving(situation: Situation, source: Resolving['source']): Situation {
  const { resolving: _resolved, ...rest } = situation;
  const cur = rest.current;
  if (source === 'attack' && cur) {
    const after =
      cur.damageToApply > 0
        ? { damageToApply: cur.damageToApply - 1 }
        : { savesToMake: Math.max(0, cur.savesToMake - 1) };
    return { ...rest, current: { ...cur, ...after } };
  }
  if (source === 'devastating') {
    const [first, ...others] = rest.devastatingPending;
    return {
      ...rest,
      devastatingPending: first && first.count > 1 ? [{ ...first, count: first.count - 1 }, ...others] : others,
    };
  }
  if (source === 'mortal') return { ...rest, mortalWoundsPending: Math.max(0, rest.mortalWoundsPending - 1) };
  return rest;
}

function mixAnalyses(parts: ReadonlyArray<readonly [number, Analysis10e]>): Analysis10e {
  const md = Math.max(1, ...parts.map(([, a]) => a.modelsDestroyed.length));
  const wl = Math.max(1, ...parts.map(([, a]) => a.woundsLost.length));
  const modelsDestroyed = new Array<number>(md).fill(0);
  const woundsLost = new Array<number>(wl).fill(0);
  for (const [p, a] of parts) {
    a.modelsDestroyed.forEach((q, k) => (modelsDestroyed[k]! += p * q));
    a.woundsLost.forEach((q, k) => (woundsLost[k]! += p * q));
  }
  return {
    modelsDestroyed,
    woundsLost,
    meanModelsDestroyed: meanOf(modelsDestroyed),
    meanWoundsLost: meanOf(woundsLost),
  };
}

/** Everything still to resolve, as counts (nothing allocated to a model part-way). */
function analyzeQueued(situation: Situation): Analysis10e {
  const { setup } = situation;
  const space = targetSpace(setup, situation);
  const S = space.states;
  let st: DpState = { v: new Float64Array(S), dims: [] };
  st.v[0] = 1;

  // Devastating criticals already scored: waiting for their mortal wounds (after all normal damage).
  for (const pending of situation.devastatingPending) st = withDevastatingPending(st, setup, S, pending);

  // The weapon part-way: failed saves awaiting damage first, then every pool still to roll; its
  // Toughness and Blast are those of the unit now (its wound rolls are made against it as it is).
  const cur = situation.current;
  if (cur) {
    const m = weaponModel(setup, cur.weapon);
    applyRepeated(st, space, weaponKernel(setup, m.weapon, false), cur.damageToApply);
    // Saves rolled together whose dice are being re-rolled: a save each, never re-rolled again.
    // (Every event of one weapon is "pass, or the same damage", so their order does not matter.)
    applyRepeated(
      st,
      space,
      weaponKernel(setup, m.weapon, true, cur.chosenSave, { reroll: false }),
      cur.saveRerollsPending ?? 0,
    );
    if (space.alive > 0) {
      const joint = weaponRestJoint(m, cur, space.toughnessAt[0]!);
      const classOf = new Int32Array(S).fill(0);
      const dev = devKind(setup, cur.weapon);
      // Saves rolled together use the save the defender chose for the batch, else the better one.
      st = weaponPhase(
        st,
        space,
        classOf,
        [joint],
        weaponKernel(setup, m.weapon, true, cur.chosenSave),
        dev.key,
        dev.kernel,
      );
    }
  }

  // Weapons not started: Toughness depends on the models alive when the weapon starts, so states
  // are grouped by Toughness and each group gets its own joint (Blast counts the unit as it was
  // selected, the same for every state).
  for (const w of situation.nextWeapons) st = weaponNotStarted(st, space, setup, w);

  // After all normal damage (seed 001), as the engine does: first the Devastating Wounds mortal
  // wounds, each critical's excess lost, then the mortal wounds from other sources
  // (setup.attacker.mortalWounds), one at a time, spilling over.
  const final: DpState = { v: resolveDevastating(st, space), dims: [] };
  applyRepeated(final, space, mortalKernel(setup), situation.mortalWoundsPending);

  return resultOf(final.v, space, situation);
}

/** Devastating criticals already scored, waiting for their mortal wounds: one more dimension of the state. */
function withDevastatingPending(
  st: DpState,
  setup: Setup,
  S: number,
  pending: { weapon: number; count: number },
): DpState {
  if (pending.count <= 0) return st;
  const { key, kernel } = devKind(setup, pending.weapon);
  const { dims, map } = growDev(st.dims, key, kernel, pending.count);
  const v = new Float64Array(sizeOf(dims) * S);
  for (let d = 0; d < sizeOf(st.dims); d++)
    v.set(st.v.subarray(d * S, (d + 1) * S), map[d * (pending.count + 1) + pending.count]! * S);
  return { v, dims };
}

/**
 * A weapon not started: Toughness depends on the models alive when the weapon starts, so states
 * are grouped by Toughness and each group gets its own joint (Blast counts the unit as it was
 * selected, the same for every state).
 */
function weaponNotStarted(st: DpState, space: ReturnType<typeof targetSpace>, setup: Setup, w: number): DpState {
  const S = space.states;
  const m = weaponModel(setup, w);
  const classOf = new Int32Array(S).fill(-1);
  const keys = new Map<number, number>();
  const joints: Joint[] = [];
  const size = sizeOf(st.dims);
  spend(size * S);
  for (let L = 0; L < space.totalWounds; L++) {
    let mass = 0;
    for (let d = 0; d < size; d++) mass += st.v[d * S + L]!;
    if (mass === 0) continue;
    const t = space.toughnessAt[L]!;
    let k = keys.get(t);
    if (k === undefined) {
      k = joints.length;
      keys.set(t, k);
      joints.push(weaponStartJoint(m, t));
    }
    classOf[L] = k;
  }
  if (joints.length === 0) return st;
  const dev = devKind(setup, w);
  return weaponPhase(st, space, classOf, joints, weaponKernel(setup, m.weapon, true), dev.key, dev.kernel);
}

/** The distributions of models destroyed and wounds lost, from the final wounds-lost state. */
function resultOf(v: Float64Array, space: ReturnType<typeof targetSpace>, situation: Situation): Analysis10e {
  const { setup } = situation;
  const S = space.states;
  const totalModels = setup.defender.models.reduce((s, g) => s + g.count, 0);
  const totalWounds = setup.defender.models.reduce((s, g) => s + g.count * g.wounds, 0);
  const modelsDestroyed = new Array<number>(Math.max(totalModels, situation.modelsDestroyed + space.alive) + 1).fill(0);
  const woundsLost = new Array<number>(Math.max(totalWounds, situation.woundsLost + space.totalWounds) + 1).fill(0);
  for (let L = 0; L < S; L++) {
    const p = v[L]!;
    if (p === 0) continue;
    modelsDestroyed[situation.modelsDestroyed + space.destroyedAt[L]!]! += p;
    woundsLost[situation.woundsLost + L]! += p;
  }
  return {
    modelsDestroyed,
    woundsLost,
    meanModelsDestroyed: meanOf(modelsDestroyed),
    meanWoundsLost: meanOf(woundsLost),
  };
}

/** The analysis of a combat before anything is rolled. */
export function analyzeSetup10e(setup: Setup): Analysis10e {
  return analyze10e(startSituation(setup));
}
