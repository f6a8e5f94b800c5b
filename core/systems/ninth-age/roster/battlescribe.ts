import { fitted, leadingNumber, otherProfiles, rulesOf, savesIn, selectionNames } from '../../../battlescribe/common';
import { NotesWriter, profileLine } from '../../../battlescribe/notes';
import {
  characteristic,
  pointsOf,
  profilesUnder,
  walk,
  type BsProfile,
  type BsSelection,
} from '../../../battlescribe/tree';
import type { SystemImport, UnitOutcome } from '../../../battlescribe/types';
import { cleanLabel, cleanName, distance, distinct, isNone } from '../../../battlescribe/values';

/**
 * The Ninth Age: Fantasy Battles (BSData's The-9th-Age, 2nd edition 2024): "1 Global" (Adv, Mar,
 * Dis, Rules), "2 Defensive" (HP, Def, Res, Arm, Rules), "3 Offensive" (Att, Off, Str, AP, Agi,
 * Rules) and "0 Size" (Height, Type, Base). Type names are matched without their number prefix,
 * so a data set that drops it reads the same. Weapons and armour profiles go into the notes (the
 * profile keeps the offensive lines they modify); an Aegis save in the rules is read and flagged.
 */
const stripNumber = (typeName: string) => typeName.replace(/^\s*\d+\s*/, '');
const typed = (profile: BsProfile, name: string) => stripNumber(profile.typeName).toLowerCase() === name.toLowerCase();

export const ninthAgeImport: SystemImport = {
  system: 'ninth-age',
  isUnit: (selection) =>
    profilesUnder(selection).some(({ profile }) => typed(profile, 'Defensive') || typed(profile, 'Global')),
  convertUnit,
};

function convertUnit(unit: BsSelection): UnitOutcome {
  const name = cleanName(unit.name);
  const notes = new NotesWriter();
  const issues: string[] = [];
  const confirm: string[] = [];
  const found = profilesUnder(unit);
  const used = new Set<BsProfile>();
  const first = (type: string) => {
    const hit = found.find(({ profile }) => typed(profile, type));
    if (hit) used.add(hit.profile);
    return hit?.profile;
  };
  const global = first('Global');
  const defensive = first('Defensive');
  const size = first('Size');
  if (!defensive) return { ok: false, skipped: { name, reason: 'it has no Defensive profile (HP, Def, Res, Arm).' } };
  const n = (profile: BsProfile | undefined, what: string, min: number, max: number, fallback: number) => {
    const text = profile ? characteristic(profile, what) : undefined;
    return fitted(
      isNone(text) ? 0 : (leadingNumber(text) ?? distance(text)),
      min,
      max,
      `${profile?.name ?? name}: ${what}`,
      fallback,
      issues,
    );
  };

  const offensive = found
    .filter(({ profile }) => typed(profile, 'Offensive'))
    .map(({ profile }) => {
      used.add(profile);
      const rules = (characteristic(profile, 'Rules') ?? '')
        .split(/[,;]/)
        .map(cleanLabel)
        .filter((r) => r !== '' && r !== '-');
      return {
        name: cleanName(profile.name),
        attacks: n(profile, 'Att', 0, 20, 1),
        offensiveSkill: n(profile, 'Off', 0, 10, 3),
        strength: n(profile, 'Str', 0, 10, 3),
        armourPenetration: n(profile, 'AP', 0, 10, 0),
        agility: n(profile, 'Agi', 0, 10, 3),
        specialRules: distinct(rules).slice(0, 80),
      };
    });
  if (offensive.length === 0)
    return { ok: false, skipped: { name, reason: 'it has no Offensive profile (Att, Off, Str, AP, Agi).' } };

  const models = [...walk(unit)]
    .filter(({ selection }) => selection.type === 'model')
    .reduce((sum, { selection }) => sum + selection.number, 0);
  const aegis =
    savesIn(
      [
        characteristic(defensive, 'Rules') ?? '',
        ...[...walk(unit)].flatMap(({ selection }) => selection.rules.map((r) => r.name)),
      ].join('\n'),
    ).aegis ?? null;
  if (aegis !== null) confirm.push(`Aegis ${aegis}+ read from the unit's rules: check it.`);
  const heightText = (size && characteristic(size, 'Height')) ?? '';
  const typeText = (size && characteristic(size, 'Type')) ?? '';
  const height = /gigantic/i.test(heightText) ? 'gigantic' : /large/i.test(heightText) ? 'large' : 'standard';
  const type = /cavalry/i.test(typeText)
    ? 'cavalry'
    : /beast/i.test(typeText)
      ? 'beast'
      : /construct/i.test(typeText)
        ? 'construct'
        : 'infantry';
  if (!size) confirm.push('Height and type taken as standard infantry: the file has no Size profile. Check them.');

  const specialRules = distinct([
    ...rulesOf(unit, notes),
    ...[global, defensive]
      .flatMap((p) => (p ? (characteristic(p, 'Rules') ?? '').split(/[,;]/) : []))
      .map(cleanLabel)
      .filter((r) => r !== '' && r !== '-'),
  ]).slice(0, 80);
  for (const { profile } of found)
    if (typed(profile, 'Melee Weapon') || typed(profile, 'Ranged Weapon') || typed(profile, 'Armour'))
      notes.add(stripNumber(profile.typeName), profileLine(profile));
  const notesPreview = otherProfiles(unit, used, notes).map((line) => line.replace(/^\d+\s+/, ''));
  const equipment = selectionNames(unit);
  if (equipment.length > 0) notes.add('Equipment and options', equipment.join(', '));
  for (const line of [...issues, ...confirm]) notes.add('To check', line);

  const profile = {
    models: fitted(models > 0 ? models : Math.max(1, unit.number), 1, 200, 'Models', 1, issues),
    height,
    type,
    global: {
      advanceRate: n(global, 'Adv', 0, 20, 4),
      marchRate: n(global, 'Mar', 0, 40, 8),
      discipline: n(global, 'Dis', 0, 10, 7),
    },
    defensive: {
      healthPoints: n(defensive, 'HP', 1, 20, 1),
      defensiveSkill: n(defensive, 'Def', 0, 10, 3),
      resilience: n(defensive, 'Res', 0, 10, 3),
      armour: n(defensive, 'Arm', 0, 6, 0),
      aegis,
    },
    offensive: offensive.slice(0, 10),
    specialRules,
  };
  const points = pointsOf(unit);
  return {
    ok: true,
    unit: {
      sourceId: unit.id,
      name,
      points,
      notes: notes.toString(),
      profile,
      preview: {
        name,
        points,
        models: `${profile.models} ${name}`,
        stats: [
          `${height} ${type} · Adv ${profile.global.advanceRate} · Mar ${profile.global.marchRate} · Dis ${profile.global.discipline}`,
          `HP ${profile.defensive.healthPoints} · Def ${profile.defensive.defensiveSkill} · Res ${profile.defensive.resilience} · Arm ${profile.defensive.armour}${aegis ? ` · Aegis ${aegis}+` : ''}`,
          ...profile.offensive.map(
            (o) =>
              `${o.name}: Att ${o.attacks} · Off ${o.offensiveSkill} · Str ${o.strength} · AP ${o.armourPenetration} · Agi ${o.agility}${o.specialRules.length ? ` · ${o.specialRules.join(', ')}` : ''}`,
          ),
        ],
        weapons: [],
        abilities: specialRules,
        notes: distinct([...notesPreview, ...issues]),
        confirm,
      },
    },
  };
}
