import type { EpicArmageddonProfile } from './profile';
import type { Side, Unit, UnitType, Weapon } from '../setup';

/**
 * A roster entry of Epic Armageddon (a formation: its units with type, armour, CC, FF, weapons and
 * special rules) as one side of an assault setup (SCENARIOS §1). The roster keeps what a datasheet
 * has (speed, ranges, firepower); an assault needs the CC and FF values, the saves, and the
 * weapons that add attack dice: those with "Extra Attacks (+x)" — an assault weapon (range 0, base
 * contact) in base contact, small arms in a firefight — with their Macro-weapon and First Strike
 * abilities. Table facts (who is engaged, cover) are the setup screen's to ask; they start at the
 * setup's defaults.
 */

type RosterUnit = EpicArmageddonProfile['units'][number];
type RosterWeapon = RosterUnit['weapons'][number];

/** The setup's unit as the setup screen fills it (every field given). */
export type CombatUnit = Unit;

/** The roster's 7 is "none" (saveOrNone); the setup writes none as null. */
const valueOrNone = (v: number) => (v >= 7 ? null : v);

const has = (labels: readonly string[], re: RegExp) => labels.some((l) => re.test(l.trim().toLowerCase()));

/** "Extra Attacks (+2)" → 2 (any case, "Extra Attack", with or without "+"); null when absent or not a plain number (e.g. "+D3"). */
export function extraAttacksOf(labels: readonly string[]): number | null {
  for (const l of labels) {
    const m = /^extra attacks?\s*\(\s*\+?\s*(\d+)\s*\)$/.exec(l.trim().toLowerCase());
    if (m) return Math.max(1, Math.min(10, Number(m[1])));
  }
  return null;
}

/**
 * A roster weapon as the assault uses it, or null when it adds no attack dice (no Extra Attacks):
 * base-contact (range 0) or "Assault Weapon" → cc; anything else (small arms, ranged) → ff.
 */
export function weaponForAssault(w: RosterWeapon): Weapon | null {
  const extra = extraAttacksOf(w.specialRules);
  if (extra === null) return null;
  const assault = w.range === 0 || has(w.specialRules, /^assault weapons?$/);
  return {
    name: w.name,
    use: assault ? 'cc' : 'ff',
    extraAttacks: extra,
    macroWeapon: w.macroWeapon !== null || has(w.specialRules, /^macro[- ]?weapons?$/),
    firstStrike: has(w.specialRules, /^first strike$/),
  };
}

/** The special rules an assault reads, from the unit's labels (and its formation's). */
function rulesOf(labels: readonly string[]) {
  return {
    reinforcedArmour: has(labels, /^reinforced armou?r$/),
    invulnerable: has(labels, /^invulnerable( save)?$/),
    fearless: has(labels, /^fearless$/),
    inspiring: has(labels, /^inspiring$/),
  };
}

const typeFor: Partial<Record<RosterUnit['type'], UnitType>> = {
  infantry: 'infantry',
  'light-vehicle': 'light-vehicle',
  'armoured-vehicle': 'armoured-vehicle',
  'war-engine': 'war-engine',
};

function unitFor(u: RosterUnit, formationRules: readonly string[], count: number, name = u.name): CombatUnit {
  const type = typeFor[u.type]!;
  return {
    name,
    count,
    type,
    armour: valueOrNone(u.armour),
    cc: valueOrNone(u.closeCombat),
    ff: valueOrNone(u.firefight),
    engaged: 'contact',
    weapons: u.weapons.map(weaponForAssault).filter((w): w is Weapon => w !== null),
    ...rulesOf([...u.specialRules, ...formationRules]),
    cover: null,
    damageCapacity: type === 'war-engine' ? (u.damageCapacity ?? 1) : 1,
  };
}

/** A character joins a unit: that one unit gets its assault weapons and its abilities (Inspiring, Fearless, invulnerable). */
function withCharacter(host: CombatUnit, c: RosterUnit): CombatUnit {
  const rules = rulesOf(c.specialRules);
  return {
    ...host,
    count: 1,
    name: `${host.name} with ${c.name}`,
    weapons: [...host.weapons, ...c.weapons.map(weaponForAssault).filter((w): w is Weapon => w !== null)],
    reinforcedArmour: host.reinforcedArmour,
    invulnerable: host.invulnerable || rules.invulnerable,
    fearless: host.fearless || rules.fearless,
    inspiring: host.inspiring || rules.inspiring,
  };
}

/**
 * The formation's units, in roster order (nearest first is the players' to set on the setup
 * screen). A war engine entry of several engines becomes one entry per engine (each has its own
 * damage capacity). A character is no unit of its own in an assault: it joins the unit listed
 * before it (the next one when it comes first), which is split off its entry. Aircraft take no
 * part in an assault and are left out.
 */
export function unitsForAssault(profile: EpicArmageddonProfile): CombatUnit[] {
  const out: CombatUnit[] = [];
  const waiting: RosterUnit[] = [];
  const join = (c: RosterUnit) => {
    const at = out.length - 1;
    const host = out[at]!;
    if (host.count > 1) out.splice(at, 1, { ...host, count: host.count - 1 }, withCharacter(host, c));
    else out[at] = withCharacter(host, c);
  };
  for (const u of profile.units) {
    if (u.type === 'aircraft') continue;
    if (u.type === 'character') {
      for (let k = 0; k < u.count; k++) {
        if (out.length > 0) join(u);
        else waiting.push(u);
      }
      continue;
    }
    if (u.type === 'war-engine' && u.count > 1) {
      for (let k = 1; k <= u.count; k++) out.push(unitFor(u, profile.specialRules, 1, `${u.name} ${k}`));
    } else out.push(unitFor(u, profile.specialRules, u.count));
    while (waiting.length > 0) join(waiting.shift()!);
  }
  return out;
}

/** One side of an assault from a roster formation: the roster's name as the army, the entry's as the formation. */
export function sideForAssault(army: string, formation: string, profile: EpicArmageddonProfile): Side {
  const units = unitsForAssault(profile);
  if (units.length === 0)
    throw new Error(
      `${formation} has no units that can take part in an assault (aircraft and characters alone cannot).`,
    );
  // They Shall Know No Fear is a formation's rule: a roster that lists it gives it to the side.
  const knowNoFear = profile.specialRules.some((r) => /know no fear/i.test(r));
  return {
    name: army,
    formation,
    blastMarkers: Math.min(99, profile.blastMarkers),
    broken: false,
    knowNoFear,
    units,
    support: [],
  };
}
