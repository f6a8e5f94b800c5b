import type { oldWorldTroopTypes } from './profile';
import {
  allText,
  fitted,
  hasCharacteristics,
  leadingNumber,
  otherProfiles,
  rulesOf,
  savesIn,
  selectionNames,
} from '../../../battlescribe/common';
import { NotesWriter, profileLine } from '../../../battlescribe/notes';
import {
  characteristic,
  isType,
  profilesUnder,
  walk,
  type BsProfile,
  type BsSelection,
} from '../../../battlescribe/tree';
import { converted, type SystemImport, type UnitOutcome, type PreviewLines } from '../../../battlescribe/types';
import { cleanLabel, cleanName, distance, distinct } from '../../../battlescribe/values';

/**
 * Warhammer Fantasy Battle 6th edition (the BSData-format "WHFB 6th Edition" data set, profile
 * "Model": M WS BS S T W I A Ld; and "Warhammer Fantasy Battle 6th edition", profile "Profile"
 * with "Mv", plus "Weapon": Range, Strength, Special Rules), into the rank-and-flank profile. The
 * data sets keep neither the armour save nor the troop type as characteristics: the save is worked
 * out from the armour the unit carries and the troop type from its categories, and both are
 * flagged for the player to check. A unit keeps one stat line: champions, mounts and crew go into
 * the notes.
 */
type TroopType = (typeof oldWorldTroopTypes)[number];

const isStatLine = (p: BsProfile) => hasCharacteristics(p, 'WS', 'T', 'W');

export const oldWorldImport: SystemImport = {
  system: 'old-world',
  isUnit: (selection) => profilesUnder(selection).some(({ profile }) => isStatLine(profile)),
  convertUnit,
};

/** Weapon profiles ("Weapon": Range, Strength, Special Rules): the first ten kept, every one in the notes. */
function readWeapons(found: ReturnType<typeof profilesUnder>, used: Set<BsProfile>, notes: NotesWriter) {
  const weapons: Record<string, unknown>[] = [];
  const weaponLines: string[] = [];
  for (const { profile } of found) {
    if (!isType(profile, 'Weapon', 'Weapons')) continue;
    used.add(profile);
    const weapon = readWeapon(profile);
    notes.add('Weapons', profileLine(profile));
    if (weapons.length >= 10) continue;
    weapons.push(weapon);
    const strength =
      weapon.strength === null
        ? weapon.strengthBonus
          ? `S+${weapon.strengthBonus}`
          : 'user’s S'
        : `S ${weapon.strength}`;
    weaponLines.push(
      `${weapon.name}: ${weapon.range ? `${weapon.range}″` : 'close combat'} · ${strength}${weapon.specialRules.length ? ` · ${weapon.specialRules.join(', ')}` : ''}`,
    );
  }

  return { weapons, weaponLines };
}

/** The roster profile from what was read: the main stat line, the command group and the saves. */
function profileOf(read: {
  models: number;
  stat: (what: string, names: string[], min: number, max: number, fallback: number) => number;
  names: string[];
  armour: number;
  saves: ReturnType<typeof savesIn>;
  troop: ReturnType<typeof troopTypeOf>;
  weapons: Record<string, unknown>[];
  specialRules: string[];
}) {
  const { models, stat, names, armour, saves, troop, weapons, specialRules } = read;
  const flags = {
    standard: names.some((n) => /\bstandard\b|\bbanner\b/.test(n) && !/battle standard/.test(n)),
    musician: names.some((n) => /musician|drummer|hornblower|trumpeter|piper/.test(n)),
    champion: names.some((n) => /champion/.test(n)),
  };
  const profile = {
    models,
    movement: stat('M', ['M', 'Mv', 'Movement', 'Move'], 0, 12, 4),
    weaponSkill: stat('WS', ['WS', 'Weapon Skill'], 0, 10, 3),
    ballisticSkill: stat('BS', ['BS', 'Ballistic Skill'], 0, 10, 3),
    strength: stat('S', ['S', 'Strength'], 0, 10, 3),
    toughness: stat('T', ['T', 'Toughness'], 0, 10, 3),
    wounds: stat('W', ['W', 'Wounds'], 1, 10, 1),
    initiative: stat('I', ['I', 'Initiative'], 0, 10, 3),
    attacks: stat('A', ['A', 'Attacks'], 0, 10, 1),
    leadership: stat('Ld', ['Ld', 'Leadership'], 0, 10, 7),
    armour,
    ward: saves.ward ?? null,
    regeneration: saves.regeneration ?? null,
    troopType: troop.type,
    character: troop.character,
    ...flags,
    weapons,
    specialRules,
  };
  return { profile, flags };
}

type Found = ReturnType<typeof profilesUnder>;
/** Reads one characteristic of the main stat line (by any of its names) as a number in its field's range. */
type Stat = (what: string, names: string[], min: number, max: number, fallback: number) => number;

function convertUnit(unit: BsSelection): UnitOutcome {
  const name = cleanName(unit.name);
  const notes = new NotesWriter();
  const confirm: string[] = [];
  const issues: string[] = [];
  const found = profilesUnder(unit);
  const lines = found.filter(({ profile }) => isStatLine(profile));
  const main = mainLine(lines, unit);
  if (!main) return { ok: false, skipped: { name, reason: 'it has no profile with WS, T and W.' } };
  const used = noteOtherLines(lines, main, notes);
  const stat = statReader(main.profile, issues);
  const models = modelsOf(unit, issues);

  // What the data sets do not state is worked out, and each such value is pushed for the player to confirm.
  const { names, troop, armour } = troopAndArmour(unit, confirm);
  const saves = savesStated(unit, confirm);
  const { weapons, weaponLines } = readWeapons(found, used, notes);

  // The notes' sections come out in the order first written: other stat lines, weapons, rules, other profiles, equipment.
  const specialRules = distinct([...rulesOf(unit, notes)]).slice(0, 80);
  const notesPreview = writeOtherNotes(unit, used, notes);
  // Written before `profileOf` reads the stat line, so only the models' issue reaches the notes' "To
  // check"; the preview, built last, lists them all.
  for (const line of [...issues, ...confirm]) notes.add('To check', line);

  const read = { models, stat, names, armour: armour.save, saves, troop, weapons, specialRules };
  const { profile, flags } = profileOf(read);
  const preview = previewOf({
    main,
    lines,
    profile,
    flags,
    troop,
    weaponLines,
    notesPreview,
    issues,
    confirm,
  });
  return converted(unit, name, notes, profile, preview);
}

/** The rank and file: the stat line of the most numerous model (the unit's own name breaks ties). */
function mainLine(lines: Found, unit: BsSelection): Found[number] | undefined {
  return [...lines].sort(
    (a, b) =>
      b.owner.number - a.owner.number || Number(b.profile.name === unit.name) - Number(a.profile.name === unit.name),
  )[0];
}

/**
 * Every stat line is accounted for: the main one goes on the profile, the others into the notes (a
 * unit keeps one stat line). Returns them all as used, so the notes do not list them again.
 */
function noteOtherLines(lines: Found, main: Found[number], notes: NotesWriter): Set<BsProfile> {
  for (const other of lines)
    if (other !== main) notes.add('Other profiles (a unit keeps one stat line)', profileLine(other.profile));
  return new Set<BsProfile>(lines.map((l) => l.profile));
}

/**
 * Reads the main stat line's characteristics: "-" is 0, else the leading number. What has to be
 * changed is said in `issues`, naming the characteristic.
 */
function statReader(main: BsProfile, issues: string[]): Stat {
  return (what, names, min, max, fallback) => {
    const text = characteristic(main, ...names);
    return fitted(
      text !== undefined && /^\s*[-–]\s*$/.test(text) ? 0 : leadingNumber(text),
      min,
      max,
      what,
      fallback,
      issues,
    );
  };
}

/** The models the unit's selections count; the unit's own number (at least 1) when none is a model. */
function modelsOf(unit: BsSelection, issues: string[]): number {
  const modelSelections = [...walk(unit)].filter(({ selection }) => selection.type === 'model');
  const counted = modelSelections.reduce((sum, { selection }) => sum + selection.number, 0);
  return fitted(counted > 0 ? counted : Math.max(1, unit.number), 1, 200, 'Models', 1, issues);
}

/**
 * The troop type from the unit's categories and selection names, and the armour save from the
 * armour those names carry: the data sets keep neither as a characteristic, so both are flagged.
 */
function troopAndArmour(unit: BsSelection, confirm: string[]) {
  const names = [...walk(unit)].map(({ selection }) => selection.name.toLowerCase());
  const categories = [...walk(unit)].flatMap(({ selection }) => selection.categories.map((c) => c.name.toLowerCase()));
  const troop = troopTypeOf(categories, names);
  if (troop.guessed) confirm.push(`Troop type taken as ${troop.type}: the file does not say. Check it.`);
  const armour = armourOf(names, troop.type);
  confirm.push(
    armour.from.length > 0
      ? `Armour save ${armour.save}+ worked out from ${armour.from.join(', ')}: check it.`
      : 'No armour found, so no armour save was set: check it.',
  );
  return { names, troop, armour };
}

/** A ward save or Regeneration stated anywhere in the unit's text: read from words, so flagged. */
function savesStated(unit: BsSelection, confirm: string[]) {
  const saves = savesIn(allText(unit));
  if (saves.ward !== undefined) confirm.push(`Ward save ${saves.ward}+ read from the unit's rules: check it.`);
  if (saves.regeneration !== undefined)
    confirm.push(`Regeneration ${saves.regeneration}+ read from the unit's rules: check it.`);
  return saves;
}

/** The profiles not taken and the equipment chosen, into the notes; returns the preview's lines for them. */
function writeOtherNotes(unit: BsSelection, used: ReadonlySet<BsProfile>, notes: NotesWriter): string[] {
  const notesPreview = otherProfiles(unit, used, notes);
  const equipment = selectionNames(unit);
  if (equipment.length > 0) {
    notes.add('Equipment and upgrades', equipment.join(', '));
    notesPreview.push(`Equipment and upgrades (${equipment.length}): in the notes`);
  }
  return notesPreview;
}

/** What the player reads before importing the unit: the main stat line, the troop type and command, the weapons. */
function previewOf(read: {
  main: Found[number];
  lines: Found;
  profile: ReturnType<typeof profileOf>['profile'];
  flags: ReturnType<typeof profileOf>['flags'];
  troop: ReturnType<typeof troopTypeOf>;
  weaponLines: string[];
  notesPreview: string[];
  issues: string[];
  confirm: string[];
}): PreviewLines {
  const { main, lines, profile, flags, troop, weaponLines, notesPreview, issues, confirm } = read;
  const command = Object.entries(flags)
    .filter(([, on]) => on)
    .map(([k]) => k);
  const p = profile;
  return {
    models: `${p.models} ${cleanName(main.profile.name)}${p.models === 1 ? '' : ' (models in the unit)'}`,
    stats: [
      `${cleanName(main.profile.name)}: M ${p.movement} · WS ${p.weaponSkill} · BS ${p.ballisticSkill} · S ${p.strength} · T ${p.toughness} · W ${p.wounds} · I ${p.initiative} · A ${p.attacks} · Ld ${p.leadership} · Sv ${p.armour === 7 ? '–' : `${p.armour}+`}${p.ward ? ` · Ward ${p.ward}+` : ''}${p.regeneration ? ` · Regeneration ${p.regeneration}+` : ''}`,
      `Troop type ${troop.type}${troop.character ? ' · character' : ''}${command.length > 0 ? ` · ${command.join(', ')}` : ''}`,
    ],
    weapons: weaponLines,
    abilities: p.specialRules,
    notes: distinct([
      ...lines
        .filter((l) => l !== main)
        .map((l) => `${cleanName(l.profile.name)}'s profile: in the notes (a unit keeps one stat line)`),
      ...notesPreview,
      ...issues,
    ]),
    confirm,
  };
}

/**
 * The troop type (WFB 6th edition, as the combat counts Unit Strength: RULES §3) from the unit's
 * categories and selections, and whether it is a character; infantry (flagged) when nothing says.
 */
function troopTypeOf(categories: string[], names: string[]): { type: TroopType; character: boolean; guessed: boolean } {
  const all = [...categories, ...names];
  const has = (pattern: RegExp) => all.some((t) => pattern.test(t));
  const character = has(/\b(lords?|heroes|characters?)\b/);
  const mounted = has(/\bcavalry\b|\bknights?\b|\b(war)?horse\b|steed|destrier|\bboar\b|\bwolf\b/);
  if (has(/\bchariots?\b|war machines?|\bcannon\b|\bcatapult\b|\bbolt thrower\b/))
    return { type: 'large', character, guessed: false };
  if (has(/\bmonsters?\b/)) return { type: 'monster', character, guessed: false };
  if (mounted) return { type: 'cavalry', character, guessed: false };
  return { type: 'infantry', character, guessed: !character && !has(/\b(infantry|swarms?)\b/) };
}

/**
 * The armour save from the armour named in the unit (WHFB 6th edition, "Armour"): light armour
 * 6+, heavy 5+, full plate 4+; a shield, barding and being mounted each improve it by 1.
 */
function armourOf(names: string[], troop: TroopType): { save: number; from: string[] } {
  const from: string[] = [];
  const has = (pattern: RegExp, label: string) => {
    const hit = names.some((n) => pattern.test(n));
    if (hit) from.push(label);
    return hit;
  };
  let body = 0;
  if (has(/full plate|gromril|chaos armou?r/, 'full plate armour')) body = 3;
  else if (has(/heavy armou?r/, 'heavy armour')) body = 2;
  else if (has(/light armou?r|scale armou?r/, 'light armour')) body = 1;
  // Scaly skin (Lizardmen): a save of its own ("Scaly Skin (6+)") that adds to the armour worn, like any armour.
  const scales = names.map((n) => /scaly skin\s{0,3}\(?([2-6])\+/.exec(n)).find((m) => m !== null);
  if (scales) {
    body += 7 - Number(scales[1]);
    from.push(`scaly skin ${scales[1]}+`);
  }
  const shield = has(/\bshields?\b/, 'a shield') ? 1 : 0;
  const barding = has(/\bbarding\b/, 'barding') ? 1 : 0;
  const mounted =
    troop === 'cavalry' || names.some((n) => /\b(war)?horse\b|steed|\bmount\b|destrier|pegasus|\bboar\b/.test(n))
      ? 1
      : 0;
  if (mounted && from.length > 0) from.push('being mounted');
  if (from.length === 0) return { save: 7, from };
  return { save: Math.max(1, 7 - body - shield - barding - mounted), from };
}

/** A "Weapon" profile: Range ("Close Combat", '24"'), Strength ("As user", "S+1", "4"), Special Rules. */
function readWeapon(profile: BsProfile) {
  const rangeText = characteristic(profile, 'Range') ?? '';
  const strengthText = (characteristic(profile, 'Strength', 'S') ?? '').trim();
  const bonus = /^(?:s|user|as user)?\s*\+\s*(\d)/i.exec(strengthText);
  const absolute = /^(\d{1,2})$/.exec(strengthText);
  const rules = (characteristic(profile, 'Special Rules', 'Special rules', 'Rules') ?? '')
    .split(/[,;]/)
    .map((r) => cleanLabel(r.replace(/\.$/, '')))
    .filter((r) => r !== '' && r !== '-');
  return {
    name: cleanName(profile.name),
    range: Math.min(
      120,
      rangeText.length <= 40 && /^(close|cc|melee|-|–)?\s?(combat)?$/i.test(rangeText.trim())
        ? 0
        : (distance(rangeText) ?? 0),
    ),
    strength: absolute ? Math.min(10, Number(absolute[1])) : null,
    strengthBonus: bonus ? Math.min(5, Number(bonus[1])) : 0,
    armourPiercing: 0,
    specialRules: distinct(rules).slice(0, 80),
  };
}
