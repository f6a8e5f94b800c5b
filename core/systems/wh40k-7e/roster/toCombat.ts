import type { ModelGroup, Side, Weapon } from '../setup';
import type { Wh40k7eProfile } from './profile';

/**
 * A roster unit (40k 7th edition profile) as one side of a close combat setup (SCENARIOS §2).
 * The roster keeps what a codex entry has (BS, ranged weapons, unit type); a close combat needs
 * each model group's characteristics, its one close combat weapon and the unit's rules that change
 * Morale and the Sweeping Advance.
 *
 * Which melee weapon a group fights with (the roster keeps weapons per unit, not per model):
 *  1. a weapon the group's own special rules name (the Sergeant's "Power fist");
 *  2. else the unit's melee weapons no group names — the first of them when there are several
 *     (said in `notes`, so the setup screen can show it and the player can change it);
 *  3. else a plain close combat weapon (the bearer's Strength, AP –).
 * A group with several weapons named fights with the first, also said in `notes`.
 * Two close combat weapons (+1 Attack): a group or unit rule saying so ("Two close combat
 * weapons", "Additional close combat weapon"), or a pistol in the unit beside the group's melee
 * weapon, unless that weapon is a Specialist Weapon (RULES §2: +1 for two close combat weapons).
 */

/**
 * What a roster gives of a side: everything but whether it charged, a fact of the turn the setup
 * screen asks (so picking a unit never clears the tick the player set).
 */
export type RosterSide = Omit<Side, 'charged' | 'allocateByHand'>;

export type Converted = { ok: true; side: RosterSide; notes: string[] } | { ok: false; problem: string };

type RosterWeapon = Wh40k7eProfile['weapons'][number];
type RosterModel = Wh40k7eProfile['models'][number];

const clamp = (n: number, min: number, max: number) => Math.max(min, Math.min(max, n));
const lower = (labels: readonly string[]) => labels.map((l) => l.trim().toLowerCase());

/** Unit types that fight with armour values, not a Toughness and Wounds: not in this close combat (SCENARIOS §2: not analysed). */
const VEHICLES = new Set<Wh40k7eProfile['unitType']>(['vehicle', 'walker', 'flyer', 'super-heavy']);

export const isMelee = (w: RosterWeapon) => w.type === 'melee' || w.range === 'melee';

const PLAIN: Weapon = { name: 'Close combat weapon', strength: 'user', ap: null, unwieldy: false };

function weaponFor(w: RosterWeapon): Weapon {
  return { name: w.name, strength: w.strength, ap: w.ap, unwieldy: lower(w.specialRules).includes('unwieldy') };
}

/** The melee weapons a group's own special rules name. */
const named = (model: RosterModel, melee: readonly RosterWeapon[]) =>
  melee.filter((w) => lower(model.specialRules).includes(w.name.trim().toLowerCase()));

const TWO_WEAPON_RULES = new Set([
  'two close combat weapons',
  'two weapons',
  'additional close combat weapon',
  'two close-combat weapons',
]);

export function sideForCombat(name: string, profile: Wh40k7eProfile): Converted {
  if (VEHICLES.has(profile.unitType) || profile.vehicle !== null) {
    return {
      ok: false,
      problem: `"${name}" is a vehicle: its armour values do not fight in this close combat (only units with Toughness and Wounds).`,
    };
  }
  if (profile.models.length === 0) return { ok: false, problem: `"${name}" has no models.` };
  const unitRules = lower(profile.specialRules);
  const allRules = (m: RosterModel) => [...unitRules, ...lower(m.specialRules)];
  const anyModelHas = (rule: RegExp) =>
    unitRules.some((r) => rule.test(r)) || profile.models.some((m) => lower(m.specialRules).some((r) => rule.test(r)));
  const melee = profile.weapons.filter(isMelee);
  const claimed = new Set(profile.models.flatMap((m) => named(m, melee)));
  const unclaimed = melee.filter((w) => !claimed.has(w));
  const pistol = profile.weapons.find((w) => w.type === 'pistol');
  const notes: string[] = [];

  const models: ModelGroup[] = profile.models.map((m) => {
    const own = named(m, melee);
    const choices = own.length > 0 ? own : unclaimed;
    const chosen = choices[0];
    if (choices.length > 1) {
      notes.push(
        `${m.name}: ${choices.map((w) => w.name).join(', ')} — fights with ${chosen!.name} (the first listed); change it in the setup if another is used.`,
      );
    }
    const weapon = chosen ? weaponFor(chosen) : PLAIN;
    const rules = allRules(m);
    const specialist = chosen ? lower(chosen.specialRules).some((r) => r.startsWith('specialist weapon')) : false;
    const twoWeapons =
      rules.some((r) => TWO_WEAPON_RULES.has(r)) || (pistol !== undefined && chosen !== undefined && !specialist);
    if (twoWeapons && pistol && chosen && !rules.some((r) => TWO_WEAPON_RULES.has(r)))
      notes.push(`${m.name}: ${pistol.name} and ${chosen.name} — two close combat weapons, +1 Attack.`);
    return {
      name: m.name,
      count: m.count,
      weaponSkill: clamp(m.weaponSkill, 1, 10),
      strength: clamp(m.strength, 1, 10),
      toughness: clamp(m.toughness, 1, 10),
      wounds: clamp(m.wounds, 1, 10),
      initiative: clamp(m.initiative, 1, 10),
      attacks: clamp(m.attacks, 0, 10),
      leadership: clamp(m.leadership, 1, 10),
      // The roster writes "no save" as 7; the setup as null.
      save: m.save >= 7 ? null : m.save,
      invulnerable: m.invulnerable,
      feelNoPain: m.feelNoPain,
      eternalWarrior: rules.includes('eternal warrior'),
      twoWeapons,
      weapon,
    };
  });

  return {
    ok: true,
    notes,
    side: {
      name,
      fearless: anyModelHas(/^fearless$/),
      stubborn: anyModelHas(/^stubborn$/),
      atsknf: anyModelHas(/^(and they shall know no fear|atsknf)$/),
      models,
    },
  };
}
