import { engagedAlive, otherRole, roles, type Role, type WaveKind } from '../../state';
import { attackerOf, defenderOf, leftOf, pairOf, unitsOf, type Context } from './context';
import { endClassOf } from './ends';
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
import { planAt, type Plan } from './result';
import { afterDice, diceOf, lost, type Lost, type SideOutcome } from './side';
import { charge, MAP_ADD, type RunWork } from './work';

/**
 * A round's layer — every position the chain hands the model for one round — summed up: the next
 * round's positions and the ends, each with its chance and its units' chances.
 *
 * Every stage of a round reads only the pair of codes it starts from, so the whole round is rolled
 * once for the layer's sums, by pair, not once per position: the positions at a round's start are
 * summed by pair, and the First Strike wave, the other combat attacks, the immediate outcome (A4),
 * supporting fire (A5) and the assault result (A6) each take the sums of the stage before — the
 * labels moving by the side outcomes' rank matrices (side.ts), and at an end by the loser's losses
 * (result.ts plans). Positions part-way through a round come from the engine's state, each with a
 * round of its own (midRound.ts): its labels are moved through that round's rank matrices
 * (entries.ts) into the layer's sums where the round reaches supporting fire, the result, its end
 * or the next round.
 */

interface EndSum {
  ctx: Context;
  key: number;
  mass: number;
  /** Each labelled unit's chance to stand at the end, times the end's chance (labels.ts endLayout). */
  alive: Float64Array;
}

type Sums<T> = Map<Context, Map<number, T>>;

/** One way the assault ends from a pair: who won, what the loser lost (null: nothing), the end's class, its chance. */
type EndWay = { winner: Role; lost: Lost | null; id: number; q: number };

export class LayerSums {
  /** The positions at a round's start, by pair. */
  readonly starts: Sums<Summed> = new Map();
  readonly next: Sums<Summed> = new Map();
  readonly toSupport: Sums<Summed> = new Map();
  readonly toResult: Sums<Summed> = new Map();
  readonly ended: Sums<EndSum> = new Map();

  /** A position at its round's start, at `pair`, of chance `m`, with labels `v`. */
  start(ctx: Context, pair: number, v: Labels, m: number): void {
    const s = sumAt(this.starts, ctx, pair);
    s.mass += m;
    axpy(s.v, 0, v, 0, v.length, m);
  }

  /** A position part-way through a round at `pair`, of chance `m`, with labels `v`, whose round `worked` found. */
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

  /**
   * The rest of the round for the whole layer (each context with its run's memos): the combat
   * attacks from the round's starts, then supporting fire, then the assault result.
   */
  resolve(runOf: (ctx: Context) => RunWork): void {
    for (const [ctx, byPair] of this.starts) {
      const run = runOf(ctx);
      const attacked = (sums: Map<number, Summed>, kind: WaveKind) =>
        waveOfSums(ctx, run, sums, (role, own) => diceOf(ctx, ctx.sides[role], own, kind));
      this.immediateOutcome(ctx, run, attacked(attacked(byPair, 'firstStrike'), 'main'));
    }
    for (const [ctx, byPair] of this.toSupport) {
      const after = supportingFire(ctx, runOf(ctx), byPair);
      const into = pairsOf(this.toResult, ctx);
      for (const s of after.values()) putSummed(into, s);
    }
    for (const [ctx, byPair] of this.toResult) for (const s of byPair.values()) this.result(ctx, runOf(ctx), s);
  }

  /**
   * Seed 003 "Determine the outcome" (A4; stages.ts immediateOutcome) for the sums after the combat
   * attacks: the attacker wins if every defending unit is destroyed (checked first), the defender if
   * every directly engaged attacking unit is — the loser withdraws Broken, or is destroyed if it was
   * Broken already (A7), with no extra hits. The rest goes on to supporting fire.
   */
  private immediateOutcome(ctx: Context, run: RunWork, sums: Map<number, Summed>): void {
    const { attacker: a, defender: d } = ctx.sides;
    const onward = pairsOf(this.toSupport, ctx);
    for (const s of sums.values()) {
      const xa = attackerOf(ctx, s.pair);
      const xd = defenderOf(ctx, s.pair);
      if (leftOf(d, xd) === 0)
        this.ends(ctx, s, [{ winner: 'attacker', lost: null, id: endClassOf(ctx, 'attacker', xa, xd), q: 1 }]);
      else if (!unitsOf(a, xa).some(engagedAlive)) {
        const l = lost(ctx, a, run, xa, 0);
        this.ends(ctx, s, [{ winner: 'defender', lost: l, id: endClassOf(ctx, 'defender', l.x, xd), q: 1 }]);
      } else putSummed(onward, s);
    }
    charge(MAP_ADD * sums.size);
  }

  /**
   * The assault result from one pair (RULES §4 A6, result.ts): a draw goes on to the next round (the
   * labels as they are), and each way the assault ends takes the labels to the end — the winner's
   * units standing, the loser's after its extra hits (and A7).
   */
  private result(ctx: Context, run: RunWork, s: Summed): void {
    const plan = planAt(ctx, run, attackerOf(ctx, s.pair), defenderOf(ctx, s.pair));
    if (plan.draw > 0) addSummed(sumAt(this.next, ctx, s.pair), s, plan.draw);
    if (plan.ends.length > 0) this.ends(ctx, s, plan.ends);
  }

  /** The sums `s` ending the assault in each of `ways`: the winner's units standing, the loser's after its losses. */
  private ends(ctx: Context, s: Summed, ways: ReadonlyArray<EndWay> | Plan['ends']): void {
    const ends = endLayout(ctx);
    // Each unit's chance to stand, every unit standing: the winner's part of every end, worked out once.
    const standing = standingOf(ctx, s, ends);
    for (const { winner, lost, id, q } of ways) {
      const e = this.endAt(ctx, id);
      e.mass += q * s.mass;
      const loser = otherRole(winner);
      if (winner === 'attacker') axpy(e.alive, 0, standing, 0, ends.split, q);
      else axpy(e.alive, ends.split, standing, ends.split, ends.size - ends.split, q);
      const classes = ctx.sides[loser].labelled;
      for (let j = 0; j < classes.length; j++) {
        const n = classes[j]!.units.length;
        const at = ends.off[loser][j]!;
        const stands = lost?.alive[j];
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

/** Puts the sums `s` into `into` at its pair: itself where there is nothing there yet (it is not read elsewhere), else added. */
function putSummed(into: Map<number, Summed>, s: Summed): void {
  const seen = into.get(s.pair);
  charge(MAP_ADD);
  if (seen) addSummed(seen, s, 1);
  else into.set(s.pair, s);
}

/** Adds w × `from` into `into` (at the same pair). */
function addSummed(into: Summed, from: Summed, w: number): void {
  into.mass += w * from.mass;
  axpy(into.v, 0, from.v, 0, from.v.length, w);
}

/**
 * RULES §4 A5: the supporting units of other formations fire (fixed dice: they cannot be hit) at
 * the directly engaged enemy units, both sides' casualties removed together.
 */
function supportingFire(ctx: Context, run: RunWork, sums: Map<number, Summed>): Map<number, Summed> {
  const fire = {
    attacker: diceOf(ctx, ctx.sides.attacker, 0, 'support'),
    defender: diceOf(ctx, ctx.sides.defender, 0, 'support'),
  };
  return waveOfSums(ctx, run, sums, (role) => fire[role]);
}

/**
 * A wave for the layer's sums (stages.ts wave): both sides roll and both sides' casualties are
 * removed together, so given the dice the two sides' fates are independent — the attacker's
 * outcomes first, the sums gathered by the dice the attacker rolled as the wave began (what the
 * defender's outcomes read of it), then the defender's. `dice(role, own)`: the dice a side rolls
 * from its code as the wave begins (a pool id: side.ts diceOf).
 */
function waveOfSums(
  ctx: Context,
  run: RunWork,
  sums: Map<number, Summed>,
  dice: (role: Role, own: number) => number,
): Map<number, Summed> {
  const { attacker: a, defender: d } = ctx.sides;
  const half = new Map<number, Map<number, Summed>>();
  for (const s of sums.values()) {
    const xa = attackerOf(ctx, s.pair);
    const xd = defenderOf(ctx, s.pair);
    const rolled = dice('attacker', xa);
    let bag = half.get(rolled);
    if (!bag) half.set(rolled, (bag = new Map()));
    moveSide(bag, s, 'attacker', afterDice(ctx, a, run, xa, dice('defender', xd)), (x) => pairOf(ctx, x, xd));
  }
  const out = new Map<number, Summed>();
  for (const [rolled, bag] of half)
    for (const s of bag.values()) {
      const xa = attackerOf(ctx, s.pair);
      moveSide(out, s, 'defender', afterDice(ctx, d, run, defenderOf(ctx, s.pair), rolled), (x) => pairOf(ctx, xa, x));
    }
  return out;
}

/**
 * The sums `s` moved by each of one side's outcomes into `into`, at the pair `pairAt` gives for the
 * side's code after. Where the side's only outcome leaves it as it is (no dice at it), `s` itself
 * goes on.
 */
function moveSide(
  into: Map<number, Summed>,
  s: Summed,
  role: Role,
  outcomes: readonly SideOutcome[],
  pairAt: (x: number) => number,
): void {
  const only = outcomes.length === 1 ? outcomes[0]! : null;
  if (only && only.p === 1 && pairAt(only.x) === s.pair && only.mats.every((m) => m === null))
    return putSummed(into, s);
  for (const o of outcomes) moveSummed(inMap(into, s.ctx, pairAt(o.x)), s, role, o);
}
