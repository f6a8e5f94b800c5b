import { spend } from '../../../../analysis/budget';
import { perOwner } from '../../../../combat/memo';
import { binomial, convolve } from '../../../../dice/probability';
import { allocationPlan, completeAllocation, targetAt } from '../../allocation';
import { unsavedChance } from '../../attacks';
import { strikersAt } from '../../flow';
import { roles, type PoolRef } from '../../state';
import { chargeIndex, leftIn, lostOf, type ModelContext } from './context';
import { sharesSource, withChosen } from './memory';
import { effectOf, type StepEffect } from './spread';

/**
 * One Agility step of a round (seed 004, RULES §5): who strikes, where every attack goes, and the
 * unsaved wounds each pool takes. Every attack of the step is allocated before any die is rolled
 * and the casualties are removed when the step ends, so the attacks are independent and each
 * unsaved wound is 1 HP: a pool's unsaved wounds are the sum of a binomial per part attacking it,
 * Binomial(attacks, P(hit) × P(wound) × P(armour fails) × P(special save fails)) (attacks.ts
 * unsavedChance), capped at the HP it has left when applied (loss beyond a pool is lost).
 *
 * Who strikes and where the attacks go are the engine's own functions (flow.ts strikersAt,
 * allocation.ts allocationPlan and completeAllocation), asked once per distinct "signature" of a
 * step: what decides it — each striking part's attacks, which enemy pools stand, the allocation
 * memory — so the thousands of positions of a combat share a few dozen worked-out steps.
 */

/** One part's attacks at one enemy pool, by pool index. */
export interface Group {
  part: number;
  target: number;
  dice: number;
}

/** The unsaved wounds one pool takes in a step: P(k) and P(at least k). */
export interface Damage {
  pool: number;
  dist: Float64Array;
  tail: Float64Array;
  /**
   * The outcomes a pool with `cap` HP left (at most dist.length − 1) can take, from
   * `cap` × dist.length: dist[j] below the cap, and at the cap tail[cap] — the last outcome a pool
   * can take gathers every larger one (what it cannot take is lost).
   */
  capped: Float64Array;
}

/** The damage's outcomes by cap (see Damage `capped`). */
function cappedOf(dist: Float64Array, tail: Float64Array): Float64Array {
  const n = dist.length;
  const capped = new Float64Array(n * n);
  for (let cap = 0; cap < n; cap++) {
    capped.set(dist.subarray(0, cap), cap * n);
    capped[cap * n + cap] = tail[cap]!;
  }
  return capped;
}

export interface StepOutcome extends StepEffect {
  damages: readonly Damage[];
  /** The allocation memory once the step's allocations are answered. */
  memory: number;
  /** The step's attacks, part by part and target by target: to compare with a state's own allocations. */
  groups: string;
}

export const groupsText = (groups: readonly Group[]): string =>
  [...groups]
    .sort((a, b) => a.part - b.part || a.target - b.target)
    .map((g) => `${g.part}>${g.target}x${g.dice}`)
    .join(',');

/** Each pool's damage from a step's attacks: the convolution of the binomials of the parts attacking it. */
export function damagesOf(ctx: ModelContext, groups: readonly Group[]): Damage[] {
  const byPool = new Map<number, number[]>();
  for (const g of groups) {
    const p = unsavedChance(ctx.setup, ctx.pools[g.part]!.ref, ctx.pools[g.target]!.ref, 'hit');
    if (g.dice === 0 || p === 0) continue;
    const row = binomial(g.dice, p);
    const seen = byPool.get(g.target);
    spend(seen ? seen.length * row.length : row.length);
    byPool.set(g.target, seen ? convolve(seen, row) : row);
  }
  return [...byPool].map(([pool, dist]) => {
    const tail = new Float64Array(dist.length + 1);
    for (let j = dist.length - 1; j >= 0; j--) tail[j] = tail[j + 1]! + dist[j]!;
    const chances = Float64Array.from(dist);
    return { pool, dist: chances, tail, capped: cappedOf(chances, tail) };
  });
}

/** Each pool's damage by the step's attacks (groupsText), once per combat: steps of many signatures make the same attacks. */
const damagesByGroups = perOwner((_ctx: ModelContext) => new Map<string, Damage[]>());

const indexOf = (ctx: ModelContext, part: PoolRef) =>
  ctx.pools.findIndex((p) => p.role === part.role && p.ref.who === part.who);

/**
 * The step worked out from the engine's functions at one node. The allocation is the default the
 * players are offered as suggested (SCENARIOS §3: the shares at characters, the rest at the rank
 * and file; as last round from the second round, issue 22). In a round that asks (the first, or one
 * the players chose to allocate anew), a side with a real choice — an enemy character standing
 * beside another target — answers it, and those answers are kept for the next round.
 */
function workedOut(ctx: ModelContext, round: number, asks: boolean, agility: number, memory: number, code: number) {
  const { setup } = ctx;
  const lost = lostOf(ctx, code);
  const parts = strikersAt({ setup, lost, round }, agility);
  const source = sharesSource(ctx, memory);
  const groups: Group[] = [];
  const answered: Array<{ pool: number; counts: number[] }> = [];
  for (const role of roles) {
    const mine = parts.filter((s) => s.part.role === role);
    const choice = asks && mine.some((s) => allocationPlan(setup, lost, s.part)!.ask.length > 0);
    for (const s of mine) {
      const counts = completeAllocation(source, s.part, s.attacks, allocationPlan(setup, lost, s.part)!, []);
      const part = indexOf(ctx, s.part);
      if (choice) answered.push({ pool: part, counts: counts.slice(1) });
      counts.forEach((dice, t) => {
        if (dice > 0) groups.push({ part, target: indexOf(ctx, targetAt(s.part, t)), dice });
      });
    }
  }
  const alive = ctx.pools.reduce((mask, _, i) => (leftIn(ctx, code, i) > 0 ? mask | (1 << i) : mask), 0);
  const text = groupsText(groups);
  const damages = damagesByGroups(ctx);
  let d = damages.get(text);
  if (!d) damages.set(text, (d = damagesOf(ctx, groups)));
  return { ...effectOf(d, withChosen(ctx, memory, answered, alive)), groups: text };
}

/** Room for the memory's number in a signature (memory.ts numbers fewer memories than this). */
const MEMORY_RADIX = 1 << 12;
/** Outcomes one kind of step remembers before it starts afresh. */
const MAX_OUTCOMES = 100_000;
/** Codes up to this many get a step's outcomes in arrays by code (a pointer each). */
const DENSE_STEP_CODES = 1 << 18;

/**
 * One Agility step of one kind of round (the round of the charge or after; asking for allocations
 * or keeping them), its outcomes remembered by signature: one number per pool — 0 gone, 1 standing,
 * or for a part striking at this step 1 + the index of its attack count — mixed radix, then the
 * allocation memory.
 */
export class StepKind {
  private readonly strikes: boolean[];
  private readonly radix: number[];
  private readonly numeric: boolean;
  private readonly outcomes = new Map<number | string, StepOutcome>();

  constructor(
    private readonly ctx: ModelContext,
    private readonly round: number,
    private readonly asks: boolean,
    readonly agility: number,
  ) {
    const charge = chargeIndex(round);
    this.strikes = ctx.pools.map((p) => p.agility[charge] === agility);
    this.radix = ctx.pools.map((p, i) => (this.strikes[i] ? p.classes : 2));
    this.numeric = this.radix.reduce((a, b) => a * b, MEMORY_RADIX) < 2 ** 52;
  }

  /**
   * Where the codes are few (DENSE_STEP_CODES): the outcomes met, and their place + 1 in that list
   * by code, one array per memory (that of the memory last asked about at hand).
   */
  private readonly met: StepOutcome[] = [];
  private byCode: Int32Array = new Int32Array(0);
  private byCodeMemory = -1;
  private readonly byMemory = new Map<number, Int32Array>();

  /** The step from the node (memory, code). */
  at(memory: number, code: number): StepOutcome {
    if (this.ctx.size > DENSE_STEP_CODES) return this.bySignature(memory, code);
    if (memory !== this.byCodeMemory) {
      let byCode = this.byMemory.get(memory);
      if (!byCode) this.byMemory.set(memory, (byCode = new Int32Array(this.ctx.size)));
      this.byCode = byCode;
      this.byCodeMemory = memory;
    }
    const at = this.byCode[code]!;
    if (at > 0) return this.met[at - 1]!;
    const outcome = this.bySignature(memory, code);
    this.met.push(outcome);
    this.byCode[code] = this.met.length;
    return outcome;
  }

  private bySignature(memory: number, code: number): StepOutcome {
    const { pools } = this.ctx;
    let sig = 0;
    let digits = '';
    for (let i = 0; i < pools.length; i++) {
      const p = pools[i]!;
      const left = Math.floor(code / p.stride) % (p.full + 1);
      const digit = left === 0 ? 0 : this.strikes[i] ? p.attackClass[left]! : 1;
      if (this.numeric) sig = sig * this.radix[i]! + digit;
      else digits += `${digit},`;
    }
    spend(pools.length);
    const key = this.numeric ? sig * MEMORY_RADIX + memory : `${digits}|${memory}`;
    let outcome = this.outcomes.get(key);
    if (!outcome) {
      outcome = workedOut(this.ctx, this.round, this.asks, this.agility, memory, code);
      if (this.outcomes.size >= MAX_OUTCOMES) this.outcomes.clear();
      this.outcomes.set(key, outcome);
    }
    return outcome;
  }
}

const kindsOf = perOwner((_ctx: ModelContext) => new Map<number, StepKind>());

/** The step at Agility `agility` of a round (see StepKind), one per combat. */
export function stepKind(ctx: ModelContext, round: number, asks: boolean, agility: number): StepKind {
  const kinds = kindsOf(ctx);
  const name = (chargeIndex(round) * 2 + (asks ? 1 : 0)) * 1024 + agility;
  let kind = kinds.get(name);
  if (!kind) kinds.set(name, (kind = new StepKind(ctx, round === 1 ? 1 : 2, asks, agility)));
  return kind;
}

/** The step at Agility `agility` from the node (memory, code). */
export const stepAt = (
  ctx: ModelContext,
  round: number,
  asks: boolean,
  agility: number,
  memory: number,
  code: number,
): StepOutcome => stepKind(ctx, round, asks, agility).at(memory, code);
