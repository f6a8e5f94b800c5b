import type { Setup, SetupInput, WeaponInput } from '../../../../../core/systems/wh40k-10e/profiles';
import { wh40k10e } from '../../../../../core/systems/wh40k-10e';
import { setupParser } from '../../../../support/setups';
import { startSituation, type Situation, type WeaponProgress } from '../../../../../core/systems/wh40k-10e/situation';

/** Small builders for the analysis tests and benchmarks. */

/** A 10th edition setup from what differs from the schema's defaults. */
export const parse = setupParser<SetupInput, Setup>(wh40k10e);
type GroupInput = {
  count: number;
  toughness: number;
  save: number;
  wounds: number;
  invulnerable?: number | null;
  feelNoPain?: number | null;
  feelNoPainMortal?: number | null;
  character?: boolean;
  name?: string;
};

export function weapon(
  w: Partial<WeaponInput> & Pick<WeaponInput, 'attacks' | 'skill' | 'strength' | 'ap' | 'damage'>,
): WeaponInput {
  return { name: 'weapon', ...w };
}

export function setup(opts: {
  weapons: WeaponInput[];
  models: GroupInput[];
  keywords?: string[];
  cover?: boolean;
  ranged?: boolean;
  charged?: boolean;
  remainedStationary?: boolean;
  halfRange?: boolean;
  /** The target's defensive modifiers (WH40K10-MODIFIERS.md). */
  modifiers?: Partial<
    Pick<
      SetupInput['defender'],
      'stealth' | 'saveModifier' | 'saveReroll' | 'apReduction' | 'halfDamage' | 'damageReduction'
    >
  >;
}): Setup {
  return parse({
    attacker: {
      name: 'Attackers',
      weapons: opts.weapons,
      ranged: opts.ranged ?? true,
      charged: opts.charged ?? false,
      remainedStationary: opts.remainedStationary ?? false,
      halfRange: opts.halfRange ?? false,
    },
    defender: {
      name: 'Target',
      keywords: opts.keywords ?? [],
      cover: opts.cover ?? false,
      models: opts.models,
      ...opts.modifiers,
    },
  });
}

/** Bench/test scenario (a): 10 attacks BS3+ S4 AP-1 D1 vs 10 models T4 Sv3+ W1. */
export const scenarioA = () =>
  setup({
    weapons: [weapon({ attacks: 10, skill: 3, strength: 4, ap: -1, damage: 1 })],
    models: [{ count: 10, toughness: 4, save: 3, wounds: 1 }],
  });

/** (b): 20 attacks WS3+ S5 AP-2 D3, Sustained Hits 1, Lethal Hits vs 5 models T5 Sv3+ 4++ W3 FNP 5+. */
export const scenarioB = () =>
  setup({
    ranged: false,
    weapons: [
      weapon({
        attacks: 20,
        skill: 3,
        strength: 5,
        ap: -2,
        damage: 3,
        abilities: { sustainedHits: 1, lethalHits: true },
      }),
    ],
    models: [{ count: 5, toughness: 5, save: 3, invulnerable: 4, wounds: 3, feelNoPain: 5 }],
  });

/** `models` models of 10 attacks BS4+ S8 AP-2 D6, Devastating Wounds (scenario (c)'s weapon). */
export const devastatingGuns = (models: number) =>
  weapon({ models, attacks: 10, skill: 4, strength: 8, ap: -2, damage: 'D6', abilities: { devastatingWounds: true } });

/** (c): 120 attacks (12 models × 10; the schema caps attacks per model at 100) BS4+ S8 AP-2 D6, Devastating Wounds vs 20 models T9 Sv2+ W12. */
export const scenarioC = () =>
  setup({
    weapons: [devastatingGuns(12)],
    models: [{ count: 20, toughness: 9, save: 2, wounds: 12 }],
  });

export const progress = (weaponIndex: number, pools: Partial<WeaponProgress>): WeaponProgress => ({
  weapon: weaponIndex,
  attackRollsPending: 0,
  hitsToRoll: 0,
  hitRerollsPending: 0,
  woundsToRoll: 0,
  woundRerollsPending: 0,
  sustainedRollsPending: 0,
  savesToMake: 0,
  damageToApply: 0,
  ...pools,
});

// 4 models W2 Sv4+; a D2 weapon.
const midBase = setup({
  ranged: false,
  weapons: [weapon({ attacks: 4, skill: 3, strength: 4, ap: 0, damage: 2 })],
  models: [{ count: 4, toughness: 4, save: 4, wounds: 2 }],
});

/** One destroyed, one down to 1 wound, two untouched; 3 wounds lost so far. */
export const midSituation = (pools: Partial<WeaponProgress>, extra: Partial<Situation> = {}): Situation => ({
  ...startSituation(midBase),
  models: [
    { group: 0, woundsLeft: 0, allocated: true },
    { group: 0, woundsLeft: 1, allocated: true },
    { group: 0, woundsLeft: 2, allocated: false },
    { group: 0, woundsLeft: 2, allocated: false },
  ],
  current: progress(0, pools),
  nextWeapons: [],
  modelsDestroyed: 1,
  woundsLost: 3,
  ...extra,
});
