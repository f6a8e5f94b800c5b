import { spend, workSpent } from '../budget';
import type { RoundModel } from './model';
import type { CombatEnd } from './tally';

/**
 * A round model's transitions as a graph of numbered positions, each position's transition worked
 * out once and kept as typed arrays (its next positions' numbers and their chances, its ends'
 * numbers and theirs), so a round of the chain is a pass over numbers — a few nanoseconds an edge
 * — not a million objects and map entries. Kept per combat setup (modelChain.ts), so the odds
 * asked again after a step find the transitions they share already made.
 *
 * A position's number stands for its key: the model includes the round in its key only where the
 * rules read it, so the rounds that play alike share their positions and transitions.
 */
export interface GraphNode {
  /** The work its transition took when it was made: charged once in every run that reaches it. */
  work: number;
  next: Int32Array;
  nextP: Float64Array;
  /** Its ends as the model gave them (most are shared objects; the tally adds each as it comes). */
  ends: readonly CombatEnd[];
  endP: Float64Array;
}

export class ModelGraph<P> {
  private readonly numbers = new Map<string, number>();
  /** Numbers by the model's own numeric codes, where it gives them (`code`): faster than by key. */
  private readonly codes = new Map<number, number>();
  readonly positions: P[] = [];
  readonly nodes: Array<GraphNode | undefined> = [];

  constructor(private readonly model: RoundModel<unknown, P>) {}

  /** The number of the position with this key, a new one if it was not met yet. */
  numberOf(key: string, position: P): number {
    let n = this.numbers.get(key);
    if (n === undefined) {
      n = this.positions.length;
      this.numbers.set(key, n);
      this.positions.push(position);
      this.nodes.push(undefined);
    }
    return n;
  }

  /** The number of a position met as a transition's successor: by its code where the model gives one. */
  private numberOfPosition(position: P): number {
    if (!this.model.code) return this.numberOf(this.model.key(position), position);
    const code = this.model.code(position);
    let n = this.codes.get(code);
    if (n === undefined) this.codes.set(code, (n = this.numberOf(this.model.key(position), position)));
    return n;
  }

  /** Position `n`'s transition, worked out by the model the first time it is asked for. */
  node(n: number): GraphNode {
    const known = this.nodes[n];
    if (known) return known;
    const before = workSpent();
    const t = this.model.transition(this.positions[n]!);
    const node: GraphNode = {
      work: 0,
      next: Int32Array.from(t.next, (x) => this.numberOfPosition(x.position)),
      nextP: Float64Array.from(t.next, (x) => x.p),
      ends: t.ended.map((e) => e.end),
      endP: Float64Array.from(t.ended, (e) => e.p),
    };
    // What making the node spent, charged again wherever it is reused (see `charge`).
    node.work = workSpent() - before + t.next.length + t.ended.length;
    spend(t.next.length + t.ended.length);
    this.nodes[n] = node;
    return node;
  }
}

/**
 * The chances of a round's positions by number, with the numbers that have any: dense arrays,
 * grown as the graph grows, so adding an edge's chance is an array write.
 */
export class Masses {
  mass = new Float64Array(1024);
  readonly active: number[] = [];

  add(n: number, p: number): void {
    if (n >= this.mass.length) {
      const grown = new Float64Array(Math.max(n + 1, this.mass.length * 2));
      grown.set(this.mass);
      this.mass = grown;
    }
    if (this.mass[n] === 0) this.active.push(n);
    this.mass[n]! += p;
  }
}
