import type { ModelGroup, Setup } from '../setup';
import type { Role, UnitWounds } from '../state';

/**
 * A unit as the exact analysis counts it: models of a group are identical but for their wounds
 * left, so a unit is a multiset per group — how many models stand at each wounds-left value
 * (`counts[offset(g) + w − 1]`). Different orders of the same models are one state, which keeps the
 * state space small: under the default allocation only the first standing group's most wounded
 * model is ever hurt.
 */
export class UnitSpace {
  readonly groups: readonly ModelGroup[];
  /** Where group g's counts start. */
  readonly offset: readonly number[];
  readonly size: number;
  /** Wounds of the whole unit at full strength. */
  readonly full: number;

  constructor(
    setup: Setup,
    readonly role: Role,
  ) {
    this.groups = setup[role].models;
    const offset: number[] = [];
    let at = 0;
    for (const g of this.groups) {
      offset.push(at);
      at += g.wounds;
    }
    this.offset = offset;
    this.size = at;
    this.full = this.groups.reduce((n, g) => n + g.count * g.wounds, 0);
  }

  /** The multiset of an engine unit (wounds left per model). */
  fromWounds(wounds: UnitWounds): number[] {
    const u = Array<number>(this.size).fill(0);
    wounds.forEach((models, g) => {
      for (const w of models) if (w > 0) u[this.offset[g]! + w - 1]!++;
    });
    return u;
  }

  /** A short string naming the state (counts are at most 100, one character each). */
  key(u: readonly number[]): string {
    return String.fromCharCode(...u);
  }

  /** Models of group g standing. */
  alive(u: readonly number[], g: number): number {
    let n = 0;
    const o = this.offset[g]!;
    for (let w = 0; w < this.groups[g]!.wounds; w++) n += u[o + w]!;
    return n;
  }

  anyAlive(u: readonly number[]): boolean {
    return u.some((c) => c > 0);
  }

  /** Wounds left in the whole unit. */
  total(u: readonly number[]): number {
    let t = 0;
    this.groups.forEach((g, gi) => {
      for (let w = 1; w <= g.wounds; w++) t += w * u[this.offset[gi]! + w - 1]!;
    });
    return t;
  }

  /** SCENARIOS §2 default target: the first group with a model standing, its most wounded model. Null: none left. */
  firstTarget(u: readonly number[]): [group: number, woundsLeft: number] | null {
    for (let g = 0; g < this.groups.length; g++) {
      const o = this.offset[g]!;
      for (let w = 1; w <= this.groups[g]!.wounds; w++) if (u[o + w - 1]! > 0) return [g, w];
    }
    return null;
  }

  /** The majority value of a characteristic among the standing models (a tie: the highest), as the engine's `majority`. */
  majority(u: readonly number[], stat: 'weaponSkill' | 'toughness'): number {
    const counts = new Map<number, number>();
    this.groups.forEach((g, gi) => {
      const n = this.alive(u, gi);
      if (n > 0) counts.set(g[stat], (counts.get(g[stat]) ?? 0) + n);
    });
    let best = 0;
    let bestCount = -1;
    for (const [value, n] of counts)
      if (n > bestCount || (n === bestCount && value > best)) [best, bestCount] = [value, n];
    return best;
  }

  /** The highest Leadership and lowest Initiative among the standing models (Morale, Sweeping Advance). */
  leadership(u: readonly number[]): number {
    return this.groups.reduce((ld, g, gi) => (this.alive(u, gi) > 0 ? Math.max(ld, g.leadership) : ld), 0);
  }

  sweepInitiative(u: readonly number[]): number {
    const i = this.groups.reduce(
      (best, g, gi) => (this.alive(u, gi) > 0 ? Math.min(best, g.initiative) : best),
      Infinity,
    );
    return i === Infinity ? 0 : i;
  }

  /**
   * States reachable at most, for the cost model: under the default allocation a unit is its
   * groups in order, the first standing one partly destroyed with at most one wounded model.
   */
  reachable(u: readonly number[]): number {
    let n = 1;
    this.groups.forEach((g, gi) => {
      n += this.alive(u, gi) * g.wounds;
    });
    return n;
  }
}
