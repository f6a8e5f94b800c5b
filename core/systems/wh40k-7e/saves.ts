import type { Reason } from '../../combat/steps';
import type { Setup } from './setup';
import { groupOf, type Pool, type Role } from './state';
import { apText, armourAllowed, DEATHBLOW_SURE_KILL, instantDeath } from './tables';

/**
 * What a wound of a pool does to a model of a group (RULES §2; seed 000 Destroyer): its save,
 * Instant Death, Feel No Pain and the wounds it removes. Models of a group are identical, so each
 * is a function of the pool and the group. Shared by the engine and the analysis.
 */

type PoolRules = Pick<Pool, 'kind' | 'strength' | 'ap'>;

export interface SaveTest {
  /** The D6 face that saves, or null: no save. */
  face: number | null;
  why: Reason[];
}

/** RULES §2: one save per wound, the best of the armour save (unless AP ≤ Sv) and the invulnerable save. */
export function saveTest(setup: Setup, role: Role, group: number, pool: PoolRules): SaveTest {
  const g = groupOf(setup, role, group);
  const inv = g.invulnerable;
  if (pool.kind === 'deathblow')
    return { face: null, why: [{ rule: 'Destroyer weapon', detail: 'deathblow: no save of any kind' }] };
  if (pool.kind === 'seriously') {
    return {
      face: inv,
      why: [
        {
          rule: 'Destroyer weapon',
          detail:
            inv === null
              ? 'seriously wounded: only an invulnerable save is allowed, and there is none'
              : `seriously wounded: only the invulnerable save, ${inv}++`,
        },
      ],
    };
  }
  const sv = g.save;
  const why: Reason[] = [];
  let armour: number | null = null;
  if (sv === null) why.push({ rule: 'Armour save', detail: `${g.name}: no armour save` });
  else if (armourAllowed(pool.ap, sv)) {
    armour = sv;
    why.push({
      rule: 'Armour save',
      detail:
        pool.ap === null
          ? `AP – never beats a save: Sv ${sv}+`
          : `AP ${pool.ap} does not beat Sv ${sv}+ (AP ${pool.ap} > Sv ${sv}): Sv ${sv}+`,
    });
  } else
    why.push({
      rule: 'Armour save',
      detail: `AP ${apText(pool.ap)} beats Sv ${sv}+ (AP ${pool.ap} ≤ Sv ${sv}): no armour save`,
    });
  if (inv !== null) {
    if (armour === null || inv < armour) {
      why.push({
        rule: 'Invulnerable save',
        detail:
          armour === null
            ? `invulnerable ${inv}++ (never affected by AP)`
            : `invulnerable ${inv}++ is better than Sv ${armour}+: ${inv}+`,
      });
      return { face: inv, why };
    }
    why.push({
      rule: 'Invulnerable save',
      detail: `Sv ${armour}+ is at least as good as invulnerable ${inv}++: one save per wound, the best`,
    });
  }
  return { face: armour, why };
}

/** RULES §2 Instant Death: a normal wound of S ≥ 2 × the model's T. With Eternal Warrior it removes 1 wound instead. */
export function instantDeathOf(
  setup: Setup,
  role: Role,
  group: number,
  pool: PoolRules,
): { applies: boolean; eternalWarrior: boolean } {
  const g = groupOf(setup, role, group);
  const applies = pool.kind === 'normal' && pool.strength !== null && instantDeath(pool.strength, g.toughness);
  return { applies, eternalWarrior: g.eternalWarrior };
}

/** The wound kills outright, all its wounds (Instant Death without Eternal Warrior). */
export const killsOutright = (setup: Setup, role: Role, group: number, pool: PoolRules) => {
  const id = instantDeathOf(setup, role, group, pool);
  return id.applies && !id.eternalWarrior;
};

/**
 * Feel No Pain: a D6 for each unsaved wound, never against Destroyer wounds. 7th edition allows it
 * against a wound that inflicts Instant Death (passed, the wound is ignored; failed, the model is
 * slain); 6th edition did not, and the setup's switch plays it that way. Null: no roll.
 */
export function feelNoPainFace(setup: Setup, role: Role, group: number, pool: PoolRules): number | null {
  const g = groupOf(setup, role, group);
  if (g.feelNoPain === null || pool.kind !== 'normal') return null;
  if (setup.sixthEditionFeelNoPain && killsOutright(setup, role, group, pool)) return null;
  return g.feelNoPain;
}

/** Why Feel No Pain is or is not rolled, in words. */
export function feelNoPainWhy(setup: Setup, role: Role, group: number, pool: PoolRules): Reason {
  const g = groupOf(setup, role, group);
  if (g.feelNoPain === null) return { rule: 'Feel No Pain', detail: `${g.name} has no Feel No Pain` };
  if (pool.kind !== 'normal') return { rule: 'Feel No Pain', detail: 'not against Destroyer wounds' };
  const outright = killsOutright(setup, role, group, pool);
  if (outright && setup.sixthEditionFeelNoPain)
    return { rule: 'Feel No Pain', detail: 'not against Instant Death (played as in 6th edition)' };
  const id = instantDeathOf(setup, role, group, pool);
  const note = outright
    ? ' (7th edition: also against Instant Death; a wound not ignored slays the model)'
    : id.applies
      ? ' (Eternal Warrior: Instant Death takes only 1 wound, so Feel No Pain is rolled)'
      : '';
  return { rule: 'Feel No Pain', detail: `${g.feelNoPain}+ for each unsaved wound${note}` };
}

/** Instant Death in words for a pool against a group. */
export function instantDeathWhy(setup: Setup, role: Role, group: number, pool: PoolRules): Reason | null {
  const g = groupOf(setup, role, group);
  const id = instantDeathOf(setup, role, group, pool);
  if (!id.applies) return null;
  return {
    rule: 'Instant Death',
    detail: id.eternalWarrior
      ? `S${pool.strength} ≥ 2 × T${g.toughness}, but Eternal Warrior: an unsaved wound removes 1 wound`
      : `S${pool.strength} ≥ 2 × T${g.toughness}: an unsaved wound removes all the model's wounds${g.feelNoPain !== null && setup.sixthEditionFeelNoPain ? ', no Feel No Pain' : ''}`,
  };
}

/**
 * The wounds one unsaved (and not shrugged-off) wound removes from a model with `left` wounds:
 * a number, or the die it needs ('d3': seriously wounded; 'd6+6': deathblow) when it can matter.
 * Excess never carries over (RULES §2).
 */
export function damageOf(
  setup: Setup,
  role: Role,
  group: number,
  pool: PoolRules,
  left: number,
): number | 'd3' | 'd6+6' {
  if (pool.kind === 'seriously') return left <= 1 ? left : 'd3';
  if (pool.kind === 'deathblow') return left <= DEATHBLOW_SURE_KILL ? left : 'd6+6';
  return killsOutright(setup, role, group, pool) ? left : 1;
}

/**
 * Most wounds of a pool that certainly land on one group, whatever the dice: every wound removes
 * at most one model, and a plain wound (no Instant Death, no Destroyer) at most one wound. Used to
 * roll saves together (seed 000 "Fast Dice").
 */
export function groupCapacity(
  setup: Setup,
  role: Role,
  group: number,
  pool: PoolRules,
  models: readonly number[],
): number {
  const plain = pool.kind === 'normal' && !killsOutright(setup, role, group, pool);
  return plain ? models.reduce((n, w) => n + w, 0) : models.filter((w) => w > 0).length;
}

/** The same for one model with `left` wounds. */
export function modelCapacity(setup: Setup, role: Role, group: number, pool: PoolRules, left: number): number {
  const plain = pool.kind === 'normal' && !killsOutright(setup, role, group, pool);
  return plain ? left : 1;
}
