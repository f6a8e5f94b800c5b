import type { wh40k7eProfileSchema, wh40k7eWeaponTypes } from './profile';
import type { z } from 'zod';
import {
  allText,
  fitted,
  leadingNumber,
  otherProfiles,
  rulesOf,
  savesIn,
  selectionNames,
} from '../../../battlescribe/common';
import { NotesWriter, profileLine } from '../../../battlescribe/notes';
import { characteristic, isType, profilesUnder, type BsProfile, type BsSelection } from '../../../battlescribe/tree';
import { converted, type SystemImport, type UnitOutcome } from '../../../battlescribe/types';
import { cleanLabel, cleanName, distance, distinct, isNone, rollTarget } from '../../../battlescribe/values';

/**
 * Warhammer 40,000 7th edition (BSData's wh40k-7th-edition game system): "Unit" profiles (Unit
 * Type, WS, BS, S, T, W, I, A, Ld, Save), "Vehicle" / "Walker" / "Flyer" profiles (armour values,
 * HP, Type) and "Weapon" profiles (Range, Strength, AP, Type such as "Heavy 3, Blast"). Wargear
 * and psychic powers go into the notes; an invulnerable save or Feel No Pain stated in a rule is
 * read and flagged.
 */
type UnitType = z.input<typeof wh40k7eProfileSchema>['unitType'];
type WeaponType = (typeof wh40k7eWeaponTypes)[number];

const MODEL_TYPES = ['Unit'];
const VEHICLE_TYPES = ['Vehicle', 'Walker', 'Flyer'];

export const wh40k7eImport: SystemImport = {
  system: 'wh40k-7e',
  isUnit: (selection) =>
    profilesUnder(selection).some(({ profile }) => isType(profile, ...MODEL_TYPES, ...VEHICLE_TYPES)),
  convertUnit,
};

type Vehicle = { front: number; side: number; rear: number; hullPoints: number };

/** The unit's model profiles, counted by the number of the selection carrying them (one line per profile name), with its vehicle armour and unit type. */
function readModels(
  found: ReturnType<typeof profilesUnder>,
  saves: ReturnType<typeof savesIn>,
  used: Set<BsProfile>,
  issues: string[],
) {
  const models: Record<string, unknown>[] = [];
  const modelLines: string[] = [];
  const counts: string[] = [];
  let vehicle: Vehicle | null = null;
  let unitType: UnitType | undefined;
  for (const { profile, owner } of found) {
    const isVehicle = isType(profile, ...VEHICLE_TYPES);
    if (!isVehicle && !isType(profile, ...MODEL_TYPES)) continue;
    used.add(profile);
    const count = Math.max(1, owner.number);
    const stat = (what: string, min: number, max: number, fallback: number) => {
      const text = characteristic(profile, what);
      return fitted(isNone(text) ? 0 : leadingNumber(text), min, max, `${profile.name}: ${what}`, fallback, issues);
    };
    const own = isVehicle ? { save: 7 } : saveOf(characteristic(profile, 'Save', 'Sv'));
    const save = own.save;
    const existing = models.find((m) => m['name'] === cleanName(profile.name));
    if (existing) {
      countAgain({ models, counts, modelLines }, models.indexOf(existing), count);
      continue;
    }
    const model = {
      name: cleanName(profile.name),
      count: Math.min(100, count),
      weaponSkill: stat('WS', 0, 10, 0),
      ballisticSkill: stat('BS', 0, 10, 0),
      strength: isVehicle && !characteristic(profile, 'S') ? 0 : stat('S', 0, 10, 0),
      toughness: isVehicle ? 0 : stat('T', 0, 10, 0),
      wounds: isVehicle ? 0 : stat('W', 0, 10, 1),
      initiative: isVehicle && !characteristic(profile, 'I') ? 0 : stat('I', 0, 10, 0),
      attacks: isVehicle && !characteristic(profile, 'A') ? 0 : stat('A', 0, 10, 0),
      leadership: isVehicle ? 0 : stat('Ld', 0, 10, 0),
      save,
      invulnerable: own.invulnerable ?? saves.invulnerable ?? null,
      feelNoPain: saves.feelNoPain ?? null,
    };
    models.push(model);
    counts.push(`${count} ${model.name}`);
    if (isVehicle) {
      vehicle ??= {
        front: fitted(leadingNumber(characteristic(profile, 'Front')), 10, 14, 'Front armour', 10, issues),
        side: fitted(leadingNumber(characteristic(profile, 'Side')), 10, 14, 'Side armour', 10, issues),
        rear: fitted(leadingNumber(characteristic(profile, 'Rear')), 10, 14, 'Rear armour', 10, issues),
        hullPoints: fitted(
          leadingNumber(characteristic(profile, 'HP', 'Hull Points')),
          1,
          12,
          'Hull points',
          1,
          issues,
        ),
      };
      unitType ??= isType(profile, 'Walker')
        ? 'walker'
        : isType(profile, 'Flyer')
          ? 'flyer'
          : /super-?heavy/i.test(characteristic(profile, 'Type') ?? '')
            ? 'super-heavy'
            : 'vehicle';
      modelLines.push(
        `${count} × ${model.name}: BS ${model.ballisticSkill} · Front ${vehicle.front} · Side ${vehicle.side} · Rear ${vehicle.rear} · HP ${vehicle.hullPoints}${characteristic(profile, 'Type') ? ` · ${characteristic(profile, 'Type')}` : ''}`,
      );
    } else {
      unitType ??= unitTypeOf(characteristic(profile, 'Unit Type', 'Type') ?? '');
      modelLines.push(
        `${count} × ${model.name}: WS ${model.weaponSkill} · BS ${model.ballisticSkill} · S ${model.strength} · T ${model.toughness} · W ${model.wounds} · I ${model.initiative} · A ${model.attacks} · Ld ${model.leadership} · Sv ${save === 7 ? '–' : `${save}+`}${model.invulnerable ? ` · Invulnerable ${model.invulnerable}+` : ''}${model.feelNoPain ? ` · Feel No Pain ${model.feelNoPain}+` : ''}`,
      );
    }
  }
  return { models, modelLines, counts, vehicle, unitType };
}

/** The same model again (two Necron Lords in a Royal Court): one line, its count the sum. */
function countAgain(
  lists: { models: Record<string, unknown>[]; counts: string[]; modelLines: string[] },
  at: number,
  count: number,
) {
  const model = lists.models[at]!;
  model['count'] = Math.min(100, (model['count'] as number) + count);
  lists.counts[at] = `${model['count']} ${model['name']}`;
  lists.modelLines[at] = (lists.modelLines[at] ?? '').replace(/^\d+ ×/, `${model['count']} ×`);
}

/** The unit's weapons (and attack psychic powers), each once; one it cannot read goes into the notes. */
function readWeapons(
  found: ReturnType<typeof profilesUnder>,
  used: Set<BsProfile>,
  notes: NotesWriter,
  issues: string[],
) {
  const weapons: Record<string, unknown>[] = [];
  const weaponLines: string[] = [];
  for (const { profile, owner } of found) {
    if (!isType(profile, 'Weapon', 'Psychic Power (Attack)')) continue;
    used.add(profile);
    const weapon = readWeapon(profile, owner.number);
    if (typeof weapon === 'string') {
      notes.add('Weapons not imported', `${profileLine(profile)} (${weapon})`);
      issues.push(`${cleanName(profile.name)}: ${weapon}; it is in the notes`);
      continue;
    }
    if (weapons.some((w) => w['name'] === weapon.name) || weapons.length >= 30) continue;
    const { count, ...kept } = weapon;
    weapons.push(kept);
    weaponLines.push(
      `${count > 1 ? `${count} × ` : ''}${weapon.name}: ${weapon.range === 'melee' ? 'Melee' : weapon.range === 'template' ? 'Template' : `${weapon.range}″`} · S ${weapon.strength} · AP ${weapon.ap ?? '–'}${weapon.type === 'melee' ? '' : ` · ${typeWords[weapon.type]}${weapon.shots > 1 ? ` ${weapon.shots}` : ''}`}${weapon.specialRules.length ? ` · ${weapon.specialRules.join(', ')}` : ''}`,
    );
  }

  return { weapons, weaponLines };
}

function convertUnit(unit: BsSelection): UnitOutcome {
  const name = cleanName(unit.name);
  const notes = new NotesWriter();
  const confirm: string[] = [];
  const issues: string[] = [];
  const found = profilesUnder(unit);
  const used = new Set<BsProfile>();
  const saves = savesIn(allText(unit));

  const read = readModels(found, saves, used, issues);
  const { models, modelLines, counts, vehicle } = read;
  let unitType = read.unitType;
  if (models.length === 0) return { ok: false, skipped: { name, reason: 'it has no Unit or Vehicle profile.' } };
  if (saves.invulnerable !== undefined)
    confirm.push(
      `Invulnerable save ${saves.invulnerable}+ read from the unit's rules and wargear: check which models have it.`,
    );
  if (saves.feelNoPain !== undefined)
    confirm.push(`Feel No Pain ${saves.feelNoPain}+ read from the unit's rules: check which models have it.`);
  if (models.length > 20) issues.push(`${models.length} model profiles; the first 20 were kept`);

  const { weapons, weaponLines } = readWeapons(found, used, notes, issues);

  const specialRules = rulesOf(unit, notes).slice(0, 80);
  const notesPreview = otherProfiles(unit, used, notes);
  const equipment = selectionNames(unit);
  if (equipment.length > 0) notes.add('Wargear and upgrades', equipment.join(', '));
  for (const line of [...issues, ...confirm]) notes.add('To check', line);
  if (!unitType) {
    unitType = 'infantry';
    confirm.push('Unit type taken as infantry: the file does not say. Check it.');
  }

  const profile = { unitType, models: models.slice(0, 20), vehicle, weapons, specialRules };
  return converted(unit, name, notes, profile, {
    models: counts.join(', '),
    stats: [`Unit type ${unitType.replace(/-/g, ' ')}`, ...modelLines],
    weapons: weaponLines,
    abilities: specialRules,
    notes: distinct([
      ...notesPreview,
      ...(equipment.length > 0 ? [`Wargear and upgrades (${equipment.length}): in the notes`] : []),
      ...issues,
    ]),
    confirm,
  });
}

const typeWords: Record<WeaponType, string> = {
  melee: 'Melee',
  pistol: 'Pistol',
  assault: 'Assault',
  'rapid-fire': 'Rapid Fire',
  heavy: 'Heavy',
  salvo: 'Salvo',
  ordnance: 'Ordnance',
};

/**
 * A model's Save as BSData's 7th edition files write it: "3+", "-" (none), "3+/4++" (an armour save
 * and an invulnerable one), "-/4++" or "4++" (an invulnerable save only).
 */
function saveOf(text: string | undefined): { save: number; invulnerable?: number } {
  const both = /^\s{0,3}([^/]{0,6}?)\s{0,3}\/?\s{0,3}([2-6])\+\+\s{0,3}$/.exec((text ?? '').slice(0, 40));
  const armour = both ? both[1] : text;
  const save = isNone(armour) ? 7 : (rollTarget(armour) ?? 7);
  return both ? { save, invulnerable: Number(both[2]) } : { save };
}

/** "Infantry (Character)", "Jump Infantry", "Monstrous Creature (Flying)" → the profile's unit type. */
function unitTypeOf(text: string): UnitType {
  const t = text.toLowerCase();
  if (/gargantuan/.test(t)) return 'gargantuan-creature';
  if (/monstrous creature/.test(t)) return /flying/.test(t) ? 'flying-monstrous-creature' : 'monstrous-creature';
  if (/jet\s*bike/.test(t)) return 'jetbike';
  if (/bike/.test(t)) return 'bike';
  if (/jump/.test(t)) return 'jump-infantry';
  if (/jet pack/.test(t)) return 'jet-pack-infantry';
  if (/beast/.test(t)) return 'beast';
  if (/cavalry/.test(t)) return 'cavalry';
  if (/walker/.test(t)) return 'walker';
  if (/flyer/.test(t)) return 'flyer';
  if (/super-?heavy/.test(t)) return 'super-heavy';
  if (/vehicle/.test(t)) return 'vehicle';
  return 'infantry';
}

/** A "Weapon" profile: Range ('24"', "Melee", "Template"), Strength ("User", "+1", "x2", "8", "D"), AP ("-", "2"), Type ("Heavy 3, Blast"). */
function readWeapon(
  profile: BsProfile,
  count: number,
):
  | (Record<string, unknown> & {
      name: string;
      range: number | 'melee' | 'template';
      strength: number | string;
      ap: number | null;
      type: WeaponType;
      shots: number;
      specialRules: string[];
      count: number;
    })
  | string {
  const rangeText = (characteristic(profile, 'Range') ?? '').trim();
  const range = /^(melee|-|–|)$/i.test(rangeText)
    ? 'melee'
    : /template/i.test(rangeText)
      ? 'template'
      : distance(rangeText);
  // "+ 2" as some data files write it is "+2".
  const strengthText = (characteristic(profile, 'Strength', 'S') ?? '').replace(/\s+/g, '').toLowerCase();
  const strength = /^(user|as user)$/.test(strengthText)
    ? 'user'
    : /^\+[12]$/.test(strengthText)
      ? strengthText
      : /^x2$/.test(strengthText)
        ? 'x2'
        : /^d$/.test(strengthText)
          ? 'D'
          : leadingNumber(strengthText);
  const apText = characteristic(profile, 'AP');
  const ap = isNone(apText) ? null : leadingNumber(apText);
  const typeText = characteristic(profile, 'Type') ?? '';
  const [first = '', ...rest] = typeText
    .split(',')
    .map((t) => t.trim())
    .filter(Boolean);
  // "Ordinance" is a spelling some data files have for Ordnance.
  const kind = /^(melee|pistol|assault|rapid fire|heavy|salvo|ordi?nance)\b\s*(\d+)?/i.exec(first);
  if (
    range === undefined ||
    strength === undefined ||
    (ap !== null && (ap === undefined || ap < 1 || ap > 6)) ||
    !kind
  ) {
    return 'its range, strength, AP or type cannot be read';
  }
  const type = (kind[1] ?? '').toLowerCase().replace(' ', '-').replace('ordinance', 'ordnance') as WeaponType;
  return {
    name: cleanName(profile.name),
    range: typeof range === 'number' ? Math.min(300, Math.max(1, range)) : range,
    strength: typeof strength === 'number' ? Math.min(10, Math.max(1, strength)) : strength,
    ap,
    type,
    shots: Math.min(20, Math.max(1, Number(kind[2] ?? 1))),
    specialRules: distinct(rest.map(cleanLabel)),
    count,
  };
}
