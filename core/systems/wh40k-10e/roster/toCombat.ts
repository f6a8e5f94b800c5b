import { wh40k10eDefensiveSchema, type Wh40k10eDefensive, type Wh40k10eProfile } from './profile';
import type { ModelGroup, WeaponInput } from '../profiles';
import { SideRefused } from '../../definition';

/**
 * A roster unit (40k 10e datasheet) as the pieces of a combat setup. The roster keeps what a
 * datasheet has (M, Ld, OC, weapon range); a combat needs only what the attack sequence reads.
 */
export function weaponsForCombat(profile: Wh40k10eProfile, ranged: boolean): WeaponInput[] {
  return profile.weapons
    .filter((w) => (w.range === 'melee') !== ranged)
    .map(({ range: _range, keywords: _keywords, ...weapon }) => ({ ...weapon, models: weapon.models }));
}

export function modelsForCombat(profile: Wh40k10eProfile): ModelGroup[] {
  return profile.models.map(({ movement: _m, leadership: _l, objectiveControl: _oc, ...group }) => group);
}

/**
 * The unit as the target of an attack: its name, keywords, model profiles (with their invulnerable
 * saves and Feel No Pain) and its defensive modifiers. Every modifier is given, its default when the
 * stored unit has none, so picking a unit replaces what a previous target had.
 */
export function defenderForCombat(
  name: string,
  profile: Wh40k10eProfile,
): { name: string; keywords: string[]; models: ModelGroup[] } & Wh40k10eDefensive {
  const modifiers = wh40k10eDefensiveSchema.parse((profile as Partial<Wh40k10eProfile>).defensiveModifiers ?? {});
  return { name, keywords: profile.keywords, models: modelsForCombat(profile), ...modifiers };
}

/** Which of a unit's ranged weapons fire together: all of them, its Pistols, or its other ranged weapons. */
export type WeaponSetId = 'all' | 'others' | 'pistols';
export interface WeaponSet {
  id: WeaponSetId;
  /** In players' words, for the setup screen: "Pistols: Bolt Pistol". */
  label: string;
  weapons: Wh40k10eProfile['weapons'];
}

const isPistol = (weapon: Wh40k10eProfile['weapons'][number]) =>
  weapon.keywords.some((k) => k.trim().toLowerCase() === 'pistol');
const names = (weapons: Wh40k10eProfile['weapons']) => weapons.map((w) => w.name).join(', ');

/**
 * The sets of ranged weapons a unit may shoot with (core rules, Pistol): a model with a Pistol
 * shoots either its Pistols or all its other ranged weapons, never both — unless it is a MONSTER
 * or VEHICLE, which may shoot both. So a unit with Pistols and other guns has two sets (the other
 * guns first, as a unit usually fires them); otherwise one.
 */
export function rangedWeaponSets(profile: Wh40k10eProfile): WeaponSet[] {
  const ranged = profile.weapons.filter((w) => w.range !== 'melee');
  const pistols = ranged.filter(isPistol);
  const others = ranged.filter((w) => !isPistol(w));
  const mayFireBoth = profile.keywords.some((k) => ['monster', 'vehicle'].includes(k.trim().toLowerCase()));
  if (mayFireBoth || pistols.length === 0 || others.length === 0)
    return [{ id: 'all', label: `All ranged weapons: ${names(ranged)}`, weapons: ranged }];
  return [
    { id: 'others', label: `Ranged weapons other than Pistols: ${names(others)}`, weapons: others },
    { id: 'pistols', label: `Pistols: ${names(pistols)}`, weapons: pistols },
  ];
}

/**
 * Profiles of one weapon that a model fires one of ("Bellicatus Missile Array - Frag", "… - Krak",
 * as BSData names a weapon's modes): the first is kept, the others named in a note, so no weapon
 * is filled twice.
 */
function oneProfileEach(weapons: Wh40k10eProfile['weapons']): { weapons: Wh40k10eProfile['weapons']; notes: string[] } {
  const base = (name: string) => {
    const dash = name.indexOf(' - ');
    return dash > 0 ? name.slice(0, dash) : null;
  };
  const kept: Wh40k10eProfile['weapons'] = [];
  const notes: string[] = [];
  for (const weapon of weapons) {
    const family = base(weapon.name);
    const first = family === null ? undefined : kept.find((k) => base(k.name) === family && k.models === weapon.models);
    if (!first) kept.push(weapon);
    else
      notes.push(
        `${family}: a model fires one of its profiles, so ${first.name} was filled and ${weapon.name} left out; change it here if it fires that one.`,
      );
  }
  return { weapons: kept, notes };
}

/**
 * The attacker's side from a unit: its melee weapons to fight; to shoot, one set of its ranged
 * weapons (`rangedWeaponSets`: the one asked for, else the first) with one profile per weapon. The
 * sets are returned when there is a choice, so the player can pick the other.
 */
export function attackerForCombat(
  name: string,
  profile: Wh40k10eProfile,
  ranged: boolean,
  weaponSet?: WeaponSetId,
): {
  side: { name: string; weapons: WeaponInput[] };
  notes: string[];
  weaponSets?: { id: WeaponSetId; label: string; selected: boolean }[];
} {
  if (!ranged) {
    const melee = oneProfileEach(profile.weapons.filter((w) => w.range === 'melee'));
    return { side: { name, weapons: melee.weapons.map(forCombat) }, notes: melee.notes };
  }
  const sets = rangedWeaponSets(profile);
  const chosen = weaponSet === undefined ? sets[0]! : sets.find((s) => s.id === weaponSet);
  if (!chosen)
    throw new SideRefused(
      `${name} has no weapon set “${weaponSet}”: it shoots with ${sets.map((s) => s.label).join(' or ')}.`,
      'weaponSet',
    );
  const picked = oneProfileEach(chosen.weapons);
  const notes = [...picked.notes];
  if (sets.length > 1)
    notes.unshift(
      `${chosen.label} — a model shoots its Pistols or its other ranged weapons, not both. The other choice: ${sets
        .filter((s) => s !== chosen)
        .map((s) => s.label)
        .join('; ')}.`,
    );
  return {
    side: { name, weapons: picked.weapons.map(forCombat) },
    notes,
    ...(sets.length > 1 ? { weaponSets: sets.map((s) => ({ id: s.id, label: s.label, selected: s === chosen })) } : {}),
  };
}

const forCombat = ({
  range: _range,
  keywords: _keywords,
  ...weapon
}: Wh40k10eProfile['weapons'][number]): WeaponInput => ({ ...weapon, models: weapon.models });
