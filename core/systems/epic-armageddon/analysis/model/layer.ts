import { otherRole, roles } from '../../state';
import { attackerOf, defenderOf, pairOf, type Context } from './context';
import type { Copied, Worked } from './worked';
import { aliveInto, axpy, moveInto } from './kernel';
import {
  endLayout,
  labelLayout,
  moveSummed,
  summedAt,
  type EndLayout,
  type LabelLayout,
  type Labels,
  type Summed,
} from './labels';
import { planAt } from './result';
import { afterDice, diceOf } from './side';
import { charge, MAP_ADD, type RunWork } from './work';

/**
 * A round's layer — every position the chain hands the model for one round — summed up: the next
 * round's positions and the ends, each with its chance and its units' chances.
 *
 * Each position's round (worked out once per run from its pair of codes: midRound.ts) takes it to
 * the end of the combat attacks; its labels are moved through the round's rank matrices (entries.ts)
 * and summed by pair over the whole layer. Supporting fire (RULES §4 A5) and the assault result (A6)
 * read only the pair, so they are rolled once for the layer's sums, not once per position's round:
 * the labels move by the side outcomes' rank matrices (side.ts), and at the result each way the
 * assault ends takes them to an end (result.ts plans).
 */

interface EndSum {
  ctx: Context;
  key: number;
  mass: number;
  /** Each labelled unit's chance to stand at the end, times the end's chance (labels.ts endLayout). */
  alive: Float64Array;
}

type Sums<T> = Map<Context, Map<number, T>>;

export class LayerSums {
  readonly next: Sums<Summed> = new Map();
  readonly toSupport: Sums<Summed> = new Map();
  readonly toResult: Sums<Summed> = new Map();
  readonly ended: Sums<EndSum> = new Map();

  /** A position at `pair` of chance `m` with labels `v`, whose round `worked` found. */
  add(ctx: Context, pair: number, v: Labels, m: number, worked: Worked): void {
    const lay = labelLayout(ctx, pair);
    this.move(this.next, ctx, lay, v, m, worked, worked.next);
    this.move(this.toSupport, ctx, lay, v, m, worked, worked.toSupport);
    this.move(this.toResult, ctx, lay, v, m, worked, worked.toResult);
    const { buf } = worked;
    const ends = endLayout(ctx);
    for (const e of worked.ended) {
      const s = this.endAt(ctx, e.id);
      s.mass += m * e.mass;
      for (const role of roles) {
        const classes = ctx.sides[role].labelled;
        for (let j = 0; j < classes.length; j++) {
          const n = classes[j]!.units.length;
          const c0 = worked.c0[role][j]!;
          const from = e.off + worked.endOff[role][j]!;
          aliveInto(s.alive, ends.off[role][j]!, v, lay.off[role][j]!, n, c0, buf, from, m);
        }
      }
    }
  }

  /** The labels `v` (chance `m`, laid out as `lay`) moved through each of `entries` into `into`. */
  private move(
    into: Sums<Summed>,
    ctx: Context,
    lay: LabelLayout,
    v: Labels,
    m: number,
    worked: Worked,
    entries: Copied,
  ): void {
    if (entries.length === 0) return;
    const { buf } = worked;
    const byPair = pairsOf(into, ctx);
    for (const e of entries) {
      const s = inMap(byPair, ctx, e.pair);
      s.mass += m * e.mass;
      for (const role of roles) {
        const layout = e.layout[role];
        const classes = ctx.sides[role].labelled;
        for (let j = 0; j < classes.length; j++) {
          const n = classes[j]!.units.length;
          const c0 = worked.c0[role][j]!;
          const at = layout.off[j]!;
          const to = s.lay.off[role][j]!;
          const from = lay.off[role][j]!;
          // Nobody of the class fell in the round: its labels as they were, times the entry's chance.
          if (at < 0) axpy(s.v, to, v, from, n * c0, m * e.mass);
          else moveInto(s.v, to, v, from, n, c0, buf, e.off[role] + at, layout.c[j]!, m);
        }
      }
    }
  }

  /** Supporting fire, then the assault result, for the whole layer (each context with its run's memos). */
  resolve(runOf: (ctx: Context) => RunWork): void {
    for (const [ctx, byPair] of this.toSupport) {
      const after = supportingFire(ctx, runOf(ctx), byPair);
      for (const [pair, s] of after) addSummed(sumAt(this.toResult, ctx, pair), s, 1);
    }
    for (const [ctx, byPair] of this.toResult) for (const s of byPair.values()) this.result(ctx, runOf(ctx), s);
  }

  /**
   * The assault result from one pair (RULES §4 A6, result.ts): a draw goes on to the next round (the
   * labels as they are), and each way the assault ends takes the labels to the end — the winner's
   * units standing, the loser's after its extra hits (and A7).
   */
  private result(ctx: Context, run: RunWork, s: Summed): void {
    const plan = planAt(ctx, run, attackerOf(ctx, s.pair), defenderOf(ctx, s.pair));
    if (plan.draw > 0) addSummed(sumAt(this.next, ctx, s.pair), s, plan.draw);
    if (plan.ends.length === 0) return;
    const ends = endLayout(ctx);
    // Each unit's chance to stand, every unit standing: the winner's part of every end, worked out once.
    const standing = standingOf(ctx, s, ends);
    for (const { winner, lost, id, q } of plan.ends) {
      const e = this.endAt(ctx, id);
      e.mass += q * s.mass;
      const loser = otherRole(winner);
      if (winner === 'attacker') axpy(e.alive, 0, standing, 0, ends.split, q);
      else axpy(e.alive, ends.split, standing, ends.split, ends.size - ends.split, q);
      const classes = ctx.sides[loser].labelled;
      for (let j = 0; j < classes.length; j++) {
        const n = classes[j]!.units.length;
        const at = ends.off[loser][j]!;
        const stands = lost.alive[j];
        if (stands) aliveInto(e.alive, at, s.v, s.lay.off[loser][j]!, n, s.lay.c[loser][j]!, stands, 0, q);
        else axpy(e.alive, at, standing, at, n, q);
      }
    }
  }

  private endAt(ctx: Context, key: number): EndSum {
    let byKey = this.ended.get(ctx);
    if (!byKey) this.ended.set(ctx, (byKey = new Map()));
    let s = byKey.get(key);
    charge(MAP_ADD);
    if (!s) byKey.set(key, (s = { ctx, key, mass: 0, alive: new Float64Array(endLayout(ctx).size) }));
    return s;
  }
}

/** The sums at `pair` in `into`, empty if there are none. */
function sumAt(into: Sums<Summed>, ctx: Context, pair: number): Summed {
  return inMap(pairsOf(into, ctx), ctx, pair);
}

/** The sums of one context. */
function pairsOf(into: Sums<Summed>, ctx: Context): Map<number, Summed> {
  let byPair = into.get(ctx);
  if (!byPair) into.set(ctx, (byPair = new Map()));
  return byPair;
}

function inMap(byPair: Map<number, Summed>, ctx: Context, pair: number): Summed {
  let s = byPair.get(pair);
  charge(MAP_ADD);
  if (!s) byPair.set(pair, (s = summedAt(ctx, pair)));
  return s;
}

/** A scratch array for `standingOf` (grown as needed). */
let scratch = new Float64Array(64);

/** Each labelled unit's chance to stand at `s` (times its chance), as an end lays them out: its row of labels summed. */
function standingOf(ctx: Context, s: Summed, ends: EndLayout): Float64Array {
  if (scratch.length < ends.size) scratch = new Float64Array(2 * ends.size);
  const out = scratch;
  for (const role of roles) {
    const classes = ctx.sides[role].labelled;
    for (let j = 0; j < classes.length; j++) {
      const n = classes[j]!.units.length;
      const c = s.lay.c[role][j]!;
      const from = s.lay.off[role][j]!;
      for (let u = 0; u < n; u++) {
        let sum = 0;
        for (let r = 0; r < c; r++) sum += s.v[from + u * c + r]!;
        out[ends.off[role][j]! + u] = sum;
      }
      charge(n * c);
    }
  }
  return out;
}

/** Adds w × `from` into `into` (at the same pair). */
function addSummed(into: Summed, from: Summed, w: number): void {
  into.mass += w * from.mass;
  axpy(into.v, 0, from.v, 0, from.v.length, w);
}

/**
 * RULES §4 A5: the supporting units of other formations fire (fixed dice: they cannot be hit) at
 * the directly engaged enemy units, both sides' casualties removed together — the attacker's
 * outcomes first, then the defender's (its fire does not read the attacker's code).
 */
function supportingFire(ctx: Context, run: RunWork, sums: Map<number, Summed>): Map<number, Summed> {
  const { attacker: a, defender: d } = ctx.sides;
  const fire = { attacker: diceOf(ctx, d, 0, 'support'), defender: diceOf(ctx, a, 0, 'support') };
  const half = new Map<number, Summed>();
  for (const s of sums.values()) {
    const xd = defenderOf(ctx, s.pair);
    for (const o of afterDice(ctx, a, run, attackerOf(ctx, s.pair), fire.attacker))
      moveSummed(inMap(half, ctx, pairOf(ctx, o.x, xd)), s, 'attacker', o);
  }
  const out = new Map<number, Summed>();
  for (const s of half.values()) {
    const xa = attackerOf(ctx, s.pair);
    for (const o of afterDice(ctx, d, run, defenderOf(ctx, s.pair), fire.defender))
      moveSummed(inMap(out, ctx, pairOf(ctx, xa, o.x)), s, 'defender', o);
  }
  return out;
}
