import { engagedAlive, otherRole, roles, type Role, type WaveKind } from '../../state';
import { leftOf, unitsOf, type Context } from './context';
import { endClassOf } from './ends';
import type { Copied, Worked } from './worked';
import { aliveInto, axpy, moveInto } from './kernel';
import { endLayout, labelLayout, type EndLayout, type LabelLayout, type Labels } from './labels';
import { planAt, type Plan } from './result';
import { diceOf, lost, outcomesFor, type Lost, type SideOutcome } from './side';
import { addMoved, addSlot, bandFrom, labelsFrom, slotsFor, type Side, type Slots, type Stage } from './sums';
import { CALL, charge, MAP_ADD, type RunWork } from './work';

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
 * or the next round. The sums of each stage are dense, by slot (sums.ts).
 */

interface EndSum {
  ctx: Context;
  key: number;
  mass: number;
  /** Each labelled unit's chance to stand at the end, times the end's chance (labels.ts endLayout). */
  alive: Float64Array;
}

/** One way the assault ends from a pair: who won, what the loser lost (null: nothing), the end's class, its chance. */
type EndWay = { winner: Role; lost: Lost | null; id: number; q: number };

/** A context's stages in the layer: the round's starts, where it stands before supporting fire and before the result, the next round's starts. */
interface Stages {
  slots: Slots;
  starts: Stage;
  toSupport: Stage;
  toResult: Stage;
  next: Stage;
  /** The ends found, by class. */
  ends: Map<number, EndSum>;
}

/** A next round's start the layer found: its pair, its chance, its labels (each unit's chances, no longer times the chance). */
export interface NextSum {
  ctx: Context;
  pair: number;
  mass: number;
  labels: Labels;
}

export class LayerSums {
  private readonly stages = new Map<Context, Stages>();

  private stagesOf(ctx: Context): Stages {
    let st = this.stages.get(ctx);
    if (!st) {
      const slots = slotsFor(ctx);
      const [starts, toSupport, toResult, next] = [slots.stage(), slots.stage(), slots.stage(), slots.stage()];
      st = { slots, starts, toSupport, toResult, next, ends: new Map() };
      this.stages.set(ctx, st);
    }
    return st;
  }

  /** A position at its round's start, at `pair`, of chance `m`, with labels `v` (into each class's band: sums.ts). */
  start(ctx: Context, pair: number, v: Labels, m: number): void {
    const { slots, starts } = this.stagesOf(ctx);
    const slot = slots.slotOf(pair);
    starts.touch(slot);
    charge(MAP_ADD);
    starts.mass[slot]! += m;
    const K = slots.classes;
    for (let k = 0; k < K; k++) {
      const at = slots.base[slot]! + slots.classAt[K * slot + k]!;
      bandFrom(starts.v, at, v, slots.labelAt[K * slot + k]!, slots.units[k]!, slots.count[K * slot + k]!, m);
    }
  }

  /** A position part-way through a round at `pair`, of chance `m`, with labels `v`, whose round `worked` found. */
  add(ctx: Context, pair: number, v: Labels, m: number, worked: Worked): void {
    const st = this.stagesOf(ctx);
    const lay = labelLayout(ctx, pair);
    moveThrough(st.next, lay, v, m, worked, worked.next);
    moveThrough(st.toSupport, lay, v, m, worked, worked.toSupport);
    moveThrough(st.toResult, lay, v, m, worked, worked.toResult);
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

  /**
   * The rest of the round for the whole layer (each context with its run's memos): the combat
   * attacks from the round's starts, then supporting fire, then the assault result.
   */
  resolve(runOf: (ctx: Context) => RunWork): void {
    for (const [ctx, st] of this.stages) {
      const run = runOf(ctx);
      const attacked = (from: Stage, kind: WaveKind) => {
        const into = st.slots.stage();
        waveOfSums(run, from, into, (role, own) => diceOf(ctx, ctx.sides[role], own, kind));
        st.slots.release(from);
        return into;
      };
      const fought = attacked(attacked(st.starts, 'firstStrike'), 'main');
      this.immediateOutcome(ctx, run, fought, st.toSupport);
      st.slots.release(fought);
      supportingFire(ctx, run, st.toSupport, st.toResult);
      st.slots.release(st.toSupport);
      for (const slot of st.toResult.list) this.result(ctx, run, st, slot);
      st.slots.release(st.toResult);
    }
  }

  /** The ends found, each context's in the order found. */
  ended(): EndSum[] {
    return [...this.stages.values()].flatMap((st) => [...st.ends.values()]);
  }

  /** The next round's starts, each context's in the order the layer found them (its stages given back once read). */
  *next(): Generator<NextSum> {
    for (const [ctx, { slots, next }] of this.stages) {
      const K = slots.classes;
      for (const slot of next.list) {
        const mass = next.mass[slot]!;
        const labels = new Float64Array(slots.labelSize[slot]!);
        for (let k = 0; k < K; k++) {
          const at = slots.base[slot]! + slots.classAt[K * slot + k]!;
          labelsFrom(
            labels,
            slots.labelAt[K * slot + k]!,
            next.v,
            at,
            slots.units[k]!,
            slots.count[K * slot + k]!,
            mass,
          );
        }
        yield { ctx, pair: slots.pair[slot]!, mass, labels };
      }
      slots.release(next);
    }
  }

  /**
   * Seed 003 "Determine the outcome" (A4; stages.ts immediateOutcome) for the sums after the combat
   * attacks: the attacker wins if every defending unit is destroyed (checked first), the defender if
   * every directly engaged attacking unit is — the loser withdraws Broken, or is destroyed if it was
   * Broken already (A7), with no extra hits. The rest goes on to supporting fire.
   */
  private immediateOutcome(ctx: Context, run: RunWork, fought: Stage, onward: Stage): void {
    const { attacker: a, defender: d } = ctx.sides;
    const { xa, xd } = fought.slots;
    for (const slot of fought.list) {
      if (leftOf(d, xd[slot]!) === 0) {
        const id = endClassOf(ctx, 'attacker', xa[slot]!, xd[slot]!);
        this.ends(ctx, fought, slot, [{ winner: 'attacker', lost: null, id, q: 1 }]);
      } else if (!unitsOf(a, xa[slot]!).some(engagedAlive)) {
        const l = lost(ctx, a, run, xa[slot]!, 0);
        const id = endClassOf(ctx, 'defender', l.x, xd[slot]!);
        this.ends(ctx, fought, slot, [{ winner: 'defender', lost: l, id, q: 1 }]);
      } else addSlot(onward, fought, slot, 1);
    }
    charge(MAP_ADD * fought.list.length);
  }

  /**
   * The assault result from one pair (RULES §4 A6, result.ts): a draw goes on to the next round (the
   * labels as they are), and each way the assault ends takes the labels to the end — the winner's
   * units standing, the loser's after its extra hits (and A7).
   */
  private result(ctx: Context, run: RunWork, st: Stages, slot: number): void {
    const plan = planAt(ctx, run, st.slots.xa[slot]!, st.slots.xd[slot]!);
    if (plan.draw > 0) addSlot(st.next, st.toResult, slot, plan.draw);
    if (plan.ends.length > 0) this.ends(ctx, st.toResult, slot, plan.ends);
  }

  /** The sums at `slot` of `from` ending the assault in each of `ways`: the winner's units standing, the loser's after its losses. */
  private ends(ctx: Context, from: Stage, slot: number, ways: ReadonlyArray<EndWay> | Plan['ends']): void {
    const ends = endLayout(ctx);
    const slots = from.slots;
    const b = slots.base[slot]!;
    const mass = from.mass[slot]!;
    // Each unit's chance to stand, every unit standing: the winner's part of every end, worked out once.
    const standing = standingOf(from, slot, ends);
    for (const { winner, lost, id, q } of ways) {
      const e = this.endAt(ctx, id);
      e.mass += q * mass;
      const loser = otherRole(winner);
      if (winner === 'attacker') axpy(e.alive, 0, standing, 0, ends.split, q);
      else axpy(e.alive, ends.split, standing, ends.split, ends.size - ends.split, q);
      const k0 = loser === 'attacker' ? 0 : slots.split;
      const classes = ctx.sides[loser].labelled;
      for (let j = 0; j < classes.length; j++) {
        const k = k0 + j;
        const n = slots.units[k]!;
        const at = ends.off[loser][j]!;
        const stands = lost?.alive[j];
        const c = slots.count[slots.classes * slot + k]!;
        if (stands) bandAlive(e.alive, at, from.v, b + slots.classAt[slots.classes * slot + k]!, n, c, stands, q);
        else axpy(e.alive, at, standing, at, n, q);
      }
    }
  }

  /** The context's end of class `key` (ends.ts endClassOf), its chances zero if it is new. */
  private endAt(ctx: Context, key: number): EndSum {
    const byKey = this.stagesOf(ctx).ends;
    let s = byKey.get(key);
    charge(MAP_ADD);
    if (!s) byKey.set(key, (s = { ctx, key, mass: 0, alive: new Float64Array(endLayout(ctx).size) }));
    return s;
  }
}

/** A scratch array for `moveThrough`: one class's labels moved (grown as needed). */
let moved = new Float64Array(64);

/**
 * The labels `v` (chance `m`, laid out as `lay`) moved through each of a worked round's `entries`
 * into `into`, each class's into its band (a position part-way through a round: rare, one a layer).
 */
function moveThrough(into: Stage, lay: LabelLayout, v: Labels, m: number, worked: Worked, entries: Copied): void {
  const { buf } = worked;
  const slots = into.slots;
  const K = slots.classes;
  for (const e of entries) {
    const slot = slots.slotOf(e.pair);
    into.touch(slot);
    charge(MAP_ADD);
    into.mass[slot]! += m * e.mass;
    const b = slots.base[slot]!;
    for (let k = 0; k < K; k++) {
      const role = k < slots.split ? 'attacker' : 'defender';
      const j = k < slots.split ? k : k - slots.split;
      const n = slots.units[k]!;
      const c0 = worked.c0[role][j]!;
      const at = e.layout[role].off[j]!;
      const to = b + slots.classAt[K * slot + k]!;
      const from = lay.off[role][j]!;
      // Nobody of the class fell in the round: its labels as they were, times the entry's chance.
      if (at < 0) bandFrom(into.v, to, v, from, n, c0, m * e.mass);
      else {
        const c = e.layout[role].c[j]!;
        if (moved.length < n * c) moved = new Float64Array(2 * n * c);
        moved.fill(0, 0, n * c);
        moveInto(moved, 0, v, from, n, c0, buf, e.off[role] + at, c, m);
        bandFrom(into.v, to, moved, 0, n, c, 1);
      }
    }
  }
}

/** A scratch array for `standingOf` (grown as needed). */
let scratch = new Float64Array(64);

/** Each labelled unit's chance to stand at `slot` of `from` (times its chance), as an end lays them out: its chances over ranks summed (the band's r + d: sums.ts). */
function standingOf(from: Stage, slot: number, ends: EndLayout): Float64Array {
  if (scratch.length < ends.size) scratch = new Float64Array(2 * ends.size);
  const out = scratch;
  out.fill(0, 0, ends.size);
  const slots = from.slots;
  const K = slots.classes;
  const b = slots.base[slot]!;
  // The end's layout is the classes' units in the same order: the attacker's classes, then the defender's.
  let at = 0;
  for (let k = 0; k < K; k++) {
    const n = slots.units[k]!;
    const c = slots.count[K * slot + k]!;
    const w = n - c + 1;
    const band = b + slots.classAt[K * slot + k]!;
    for (let r = 0; r < c; r++) for (let d = 0; d < w; d++) out[at + r + d]! += from.v[band + r * w + d]!;
    at += n;
    charge(n * c);
  }
  return out;
}

/** Each unit's chance to stand after the loser's losses, times w: out[o + r + d] += w × B[r][d] × stands[r] (a class's band: sums.ts). */
function bandAlive(
  out: Float64Array,
  o: number,
  v: Float64Array,
  vo: number,
  n: number,
  c: number,
  stands: Float64Array,
  q: number,
): void {
  const w = n - c + 1;
  for (let r = 0; r < c; r++) {
    const x = q * stands[r]!;
    if (x !== 0) for (let d = 0; d < w; d++) out[o + r + d]! += x * v[vo + r * w + d]!;
  }
  charge(CALL + n * c);
}

/**
 * RULES §4 A5: the supporting units of other formations fire (fixed dice: they cannot be hit) at
 * the directly engaged enemy units, both sides' casualties removed together.
 */
function supportingFire(ctx: Context, run: RunWork, from: Stage, into: Stage): void {
  const fire = {
    attacker: diceOf(ctx, ctx.sides.attacker, 0, 'support'),
    defender: diceOf(ctx, ctx.sides.defender, 0, 'support'),
  };
  waveOfSums(run, from, into, (role) => fire[role]);
}

/**
 * A wave for a stage's sums, into `into` (stages.ts wave): both sides roll and both sides'
 * casualties are removed together, so given the dice the two sides' fates are independent — the
 * attacker's outcomes first, the sums gathered by the dice the attacker rolled as the wave began
 * (what the defender's outcomes read of it), then the defender's. `dice(role, own)`: the dice a side
 * rolls from its code as the wave begins (a pool id: side.ts diceOf).
 */
function waveOfSums(run: RunWork, from: Stage, into: Stage, dice: (role: Role, own: number) => number): void {
  const slots = from.slots;
  const { ctx, xa, xd } = slots;
  const outcomes = {
    attacker: outcomesFor(ctx, ctx.sides.attacker, run),
    defender: outcomesFor(ctx, ctx.sides.defender, run),
  };
  const half = new Map<number, Stage>();
  const list = from.list;
  for (let i = 0; i < list.length; i++) {
    const s = list[i]!;
    const rolled = dice('attacker', xa[s]!);
    let bag = half.get(rolled);
    if (!bag) half.set(rolled, (bag = slots.stage()));
    moveSide(bag, from, s, 0, outcomes.attacker(xa[s]!, dice('defender', xd[s]!)));
  }
  for (const [rolled, bag] of half) {
    const held = bag.list;
    for (let i = 0; i < held.length; i++) moveSide(into, bag, held[i]!, 1, outcomes.defender(xd[held[i]!]!, rolled));
    slots.release(bag);
  }
}

/**
 * The sums at slot `s` of `from` moved by each of one side's outcomes into `into` (the other
 * side's code as it is); where the side's only outcome leaves it as it is (no dice at it: its code
 * the same, every class's count too), added as they are.
 */
function moveSide(into: Stage, from: Stage, s: number, side: Side, outcomes: readonly SideOutcome[]): void {
  const slots = from.slots;
  const size = slots.ctx.sides.defender.size;
  const xa = slots.xa[s]!;
  const xd = slots.xd[s]!;
  if (outcomes.length === 1 && outcomes[0]!.p === 1 && outcomes[0]!.x === (side === 0 ? xa : xd))
    return addSlot(into, from, s, 1);
  for (let i = 0; i < outcomes.length; i++) {
    const o = outcomes[i]!;
    // The pair of codes after (context.ts pairOf): the attacker's code, then the defender's.
    const pair = side === 0 ? o.x * size + xd : xa * size + o.x;
    addMoved(into, slots.slotOf(pair), from, s, side, o);
  }
}
