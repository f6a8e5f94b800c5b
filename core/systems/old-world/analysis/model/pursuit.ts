import { spend } from '../../../../analysis/budget';
import { atLeast, sumOfD6, TWO_D6 } from '../../../../dice/probability';
import { codeInfo, codeOf } from './codes';
import { CAUGHT, FIGHTING, FLED, PURSUING, remember, type Context, type Side } from './context';
import { leadershipOf } from './morale';

/**
 * Flight and pursuit over the model's arrays (seed 002 "Flee!", "Pursuit", "Restraining Pursuit"):
 * the winners in contact with a broken unit and held by no other enemy declare their pursuit before
 * any flee roll — all of them pursue, as suggested — then every broken unit flees 2D6" (3D6" with
 * Movement over 6) and each pursuer rolls its own dice at the same moment: a pursuit roll equal to
 * or greater than the flee roll catches and destroys the fleeing unit. Only caught or escaped is
 * read afterwards (the distances are for the table), so each fleeing unit is caught with one chance.
 */

/** What is still to do after the break tests: a winner's pursuit to declare, a restraint test, the flee roll. */
export type FleeTask =
  | { kind: 'choice'; unit: number; fleeing: number }
  | { kind: 'restrain'; unit: number; fleeing: number }
  | { kind: 'flee'; fleeing: number };

/** Where the flight leaves the units, and how likely. */
export interface AfterFlight {
  status: number[];
  p: number;
}

/**
 * The winners that may pursue a broken unit (flow.ts pursuersOf): fighting units in contact with it
 * and with no other enemy unit still fighting (a unit held in combat cannot pursue).
 */
function pursuersOf(ctx: Context, status: readonly number[], winner: Side, fleeing: number): number[] {
  return ctx.sideUnits[winner].filter(
    (u) =>
      status[u] === FIGHTING &&
      ctx.units[u]!.engaged.includes(fleeing) &&
      ctx.units[u]!.engaged.every((j) => j === fleeing || status[j] !== FIGHTING),
  );
}

/** The flee phase's tasks as the engine queues them (flow.ts enterPhase 'flee'): every pursuit declared, then the flight. */
export function fleeTasks(ctx: Context, status: readonly number[], winner: Side, broke: readonly number[]): FleeTask[] {
  const choices = broke.flatMap((fleeing) =>
    pursuersOf(ctx, status, winner, fleeing).map((unit): FleeTask => ({ kind: 'choice', unit, fleeing })),
  );
  return [...choices, ...broke.map((fleeing): FleeTask => ({ kind: 'flee', fleeing }))];
}

/** P(a pursuer rolls the flee roll or more, for one of them at least): over the flee roll f, not every pursuer rolls under f. */
export function caughtChance(ctx: Context, fleeDice: number, chasers: readonly number[]): number {
  if (chasers.length === 0) return 0;
  const key = `${fleeDice}|${[...chasers].sort().join(',')}`;
  return remember(ctx, 'caught', key, () => {
    const dist = sumOfD6(fleeDice);
    let caught = 0;
    for (let f = fleeDice; f < dist.length; f++)
      caught += dist[f]! * (1 - chasers.reduce((miss, c) => miss * (1 - atLeast(c, f)), 1));
    return caught;
  });
}

/** P(2D6 ≤ Ld): a restraint test passes (seed 002 "Restraining Pursuit"). */
const passes = (leadership: number) => TWO_D6.reduce((sum, p, k) => (k <= leadership ? sum + p : sum), 0);

/**
 * The flee phase from `queue` (the engine's tasks still to answer), each winner pursuing the
 * broken unit it was first asked about (a unit is asked once: steps/pursuit.ts), as a distribution
 * over the units' statuses once the flight is rolled.
 */
export function flight(
  ctx: Context,
  lost: readonly number[],
  at: AfterFlight,
  queue: readonly FleeTask[],
  chasing: ReadonlyMap<number, number>,
): AfterFlight[] {
  const out: AfterFlight[] = [];
  const run = (tasks: readonly FleeTask[], status: number[], chase: Map<number, number>, p: number): void => {
    const head = tasks[0];
    if (!head) {
      out.push({ status, p });
      return;
    }
    if (head.kind === 'choice') {
      // Seed 002: a winner no longer fighting (already pursuing) is not asked again.
      if (status[head.unit] !== FIGHTING) return run(tasks.slice(1), status, chase, p);
      // All the winners still to declare, once each, in one question; the suggestion: all pursue.
      const asked = new Set<number>();
      const deciding = tasks.filter(
        (t) => t.kind === 'choice' && status[t.unit] === FIGHTING && !asked.has(t.unit) && asked.add(t.unit),
      );
      const st = status.slice();
      const ch = new Map(chase);
      for (const t of deciding as Array<Extract<FleeTask, { kind: 'choice' }>>) {
        st[t.unit] = PURSUING;
        ch.set(t.unit, t.fleeing);
      }
      return run(
        tasks.filter((t) => !deciding.includes(t)),
        st,
        ch,
        p,
      );
    }
    if (head.kind === 'restrain') {
      // Seed 002 "Restraining Pursuit": 2D6 ≤ Ld restrains; otherwise the unit must pursue.
      const q = passes(leadershipOf(ctx, lost, head.unit));
      if (q > 0) run(tasks.slice(1), status, chase, p * q);
      if (q < 1) {
        const st = status.slice();
        st[head.unit] = PURSUING;
        run(tasks.slice(1), st, new Map(chase).set(head.unit, head.fleeing), p * (1 - q));
      }
      return;
    }
    const rest = tasks.filter((t) => t.kind !== 'flee');
    flee(ctx, tasks, status, chase, p, (st, q) => run(rest, st, chase, q));
  };
  run(queue, at.status.slice(), new Map(chasing), at.p);
  return out;
}

/** Every broken unit flees at once, each with its pursuers' rolls (steps/pursuit.ts fleeKind): caught or escaped. */
function flee(
  ctx: Context,
  tasks: readonly FleeTask[],
  status: readonly number[],
  chase: ReadonlyMap<number, number>,
  p: number,
  then: (status: number[], p: number) => void,
): void {
  const fleeing = tasks.flatMap((t) => (t.kind === 'flee' && status[t.fleeing] === FLED ? [t.fleeing] : []));
  const caught = fleeing.map((f) => {
    const chasers = [...chase].filter(([, target]) => target === f).map(([u]) => ctx.units[u]!.moveDice);
    return caughtChance(ctx, ctx.units[f]!.moveDice, chasers);
  });
  spend(1 << fleeing.length);
  for (let mask = 0; mask < 1 << fleeing.length; mask++) {
    let q = p;
    const st = status.slice();
    fleeing.forEach((f, k) => {
      if ((mask >> k) & 1) {
        q *= caught[k]!;
        st[f] = CAUGHT;
      } else q *= 1 - caught[k]!;
    });
    if (q > 0) then(st, q);
  }
}

/**
 * Where the flight leads from the statuses `code` once `broke` broke (in that order), the winners
 * pursuing as suggested: each resulting set of statuses with its chance, once per combat for each.
 */
export function flightPlan(
  ctx: Context,
  code: number,
  winner: Side,
  broke: readonly number[],
): ReadonlyArray<{ code: number; p: number }> {
  // The units broken in their order, as digits of one number (at most 8 units, 4 a side).
  let order = 0;
  for (const u of broke) order = order * 9 + u + 1;
  const key = (code * 2 + winner) * 9 ** 4 + order;
  const seen = ctx.flights.get(key);
  if (seen) return seen;
  const status = codeInfo(ctx, code).status;
  // No restraint test on the suggested path: the wounds lost are never read.
  const outs = flight(ctx, [], { status, p: 1 }, fleeTasks(ctx, status, winner, broke), new Map());
  const plan = outs.map((o) => ({ code: codeOf(ctx, o.status), p: o.p }));
  ctx.flights.set(key, plan);
  return plan;
}
