import { fitted, leadingNumber, otherProfiles, rulesOf, savesIn, selectionNames } from '../../../battlescribe/common';
import { NotesWriter, profileLine } from '../../../battlescribe/notes';
import { characteristic, profilesUnder, walk, type BsProfile, type BsSelection } from '../../../battlescribe/tree';
import { converted, type SystemImport, type UnitOutcome, type PreviewLines } from '../../../battlescribe/types';
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

type Found = ReturnType<typeof profilesUnder>;
/** Reads one characteristic of a profile as a number in its field's range (see `statReader`). */
type Stat = (profile: BsProfile | undefined, what: string, min: number, max: number, fallback: number) => number;

function convertUnit(unit: BsSelection): UnitOutcome {
  const name = cleanName(unit.name);
  const notes = new NotesWriter();
  const issues: string[] = [];
  const confirm: string[] = [];
  const found = profilesUnder(unit);
  // Every profile taken onto the unit's profile is marked here, so the notes get only the others.
  const used = new Set<BsProfile>();
  const { global, defensive, size } = mainProfiles(found, used);
  if (!defensive) return { ok: false, skipped: { name, reason: 'it has no Defensive profile (HP, Def, Res, Arm).' } };
  const stat = statReader(name, issues);
  const offensive = readOffensive(found, used, stat);
  if (offensive.length === 0)
    return { ok: false, skipped: { name, reason: 'it has no Offensive profile (Att, Off, Str, AP, Agi).' } };

  // The confirmations keep this order (Aegis, then height and type): the preview lists them as pushed.
  const aegis = aegisOf(unit, defensive);
  if (aegis !== null) confirm.push(`Aegis ${aegis}+ read from the unit's rules: check it.`);
  const { height, type } = heightAndType(size);
  if (!size) confirm.push('Height and type taken as standard infantry: the file has no Size profile. Check them.');

  // The notes' sections come out in the order they are first written: rules, gear, other profiles, equipment.
  const specialRules = specialRulesOf(unit, [global, defensive], notes);
  const notesPreview = writeOtherNotes(unit, found, used, notes);
  // Written before `profileOf` reads the models and the Global and Defensive lines, so only the offensive
  // lines' issues reach the notes' "To check"; the preview, built last, lists them all.
  for (const line of [...issues, ...confirm]) notes.add('To check', line);

  const profile = profileOf({ unit, stat, global, defensive, height, type, aegis, offensive, specialRules, issues });
  return converted(unit, name, notes, profile, previewOf({ name, profile, notesPreview, issues, confirm }));
}

/** The first Global, Defensive and Size profiles of the unit: the lines its profile is read from. */
function mainProfiles(found: Found, used: Set<BsProfile>) {
  const first = (type: string) => {
    const hit = found.find(({ profile }) => typed(profile, type));
    if (hit) used.add(hit.profile);
    return hit?.profile;
  };
  return { global: first('Global'), defensive: first('Defensive'), size: first('Size') };
}

/**
 * Reads characteristics as numbers in their field's range: "-" or none is 0, else the leading number
 * (or a distance, for the rates). What has to be changed is said in `issues`, naming the profile (the
 * unit's name when the profile is missing) and the characteristic.
 */
function statReader(name: string, issues: string[]): Stat {
  return (profile, what, min, max, fallback) => {
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
}

/** The rule names of a "Rules" characteristic ("Lethal Strike, Multiple Wounds (2)"), "-" left out. */
const rulesIn = (text: string | undefined) =>
  (text ?? '')
    .split(/[,;]/)
    .map(cleanLabel)
    .filter((r) => r !== '' && r !== '-');

/** Every Offensive profile as an offensive line (a rider and its mount each attack with their own). */
function readOffensive(found: Found, used: Set<BsProfile>, stat: Stat) {
  return found
    .filter(({ profile }) => typed(profile, 'Offensive'))
    .map(({ profile }) => {
      used.add(profile);
      const rules = rulesIn(characteristic(profile, 'Rules'));
      return {
        name: cleanName(profile.name),
        attacks: stat(profile, 'Att', 0, 20, 1),
        offensiveSkill: stat(profile, 'Off', 0, 10, 3),
        strength: stat(profile, 'Str', 0, 10, 3),
        armourPenetration: stat(profile, 'AP', 0, 10, 0),
        agility: stat(profile, 'Agi', 0, 10, 3),
        specialRules: distinct(rules).slice(0, 80),
      };
    });
}

/** The models the unit's selections count (0 when none is a model: the unit's own number is taken then). */
const modelsCounted = (unit: BsSelection) =>
  [...walk(unit)]
    .filter(({ selection }) => selection.type === 'model')
    .reduce((sum, { selection }) => sum + selection.number, 0);

/** An Aegis save stated in the Defensive profile's rules or a rule of the unit; the data sets have no field for it. */
function aegisOf(unit: BsSelection, defensive: BsProfile): number | null {
  const text = [
    characteristic(defensive, 'Rules') ?? '',
    ...[...walk(unit)].flatMap(({ selection }) => selection.rules.map((r) => r.name)),
  ].join('\n');
  return savesIn(text).aegis ?? null;
}

/** Height and type from the Size profile's words ("Large", "Cavalry"); standard infantry when it says neither. */
function heightAndType(size: BsProfile | undefined) {
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
  return { height, type };
}

/** The unit's special rules: its rules by name (their text into the notes) and those its Global and Defensive lines list. */
function specialRulesOf(unit: BsSelection, lines: (BsProfile | undefined)[], notes: NotesWriter): string[] {
  return distinct([
    ...rulesOf(unit, notes),
    ...lines.flatMap((p) => (p ? rulesIn(characteristic(p, 'Rules')) : [])),
  ]).slice(0, 80);
}

/**
 * What the profile has no field for, into the notes: weapons and armour under their type (the
 * offensive lines already count what they modify), the other profiles and the equipment chosen.
 * Returns the preview's lines for the other profiles, their type's number prefix dropped.
 */
function writeOtherNotes(unit: BsSelection, found: Found, used: ReadonlySet<BsProfile>, notes: NotesWriter) {
  for (const { profile } of found)
    if (typed(profile, 'Melee Weapon') || typed(profile, 'Ranged Weapon') || typed(profile, 'Armour'))
      notes.add(stripNumber(profile.typeName), profileLine(profile));
  const notesPreview = otherProfiles(unit, used, notes).map((line) => line.replace(/^\d+\s+/, ''));
  const equipment = selectionNames(unit);
  if (equipment.length > 0) notes.add('Equipment and options', equipment.join(', '));
  return notesPreview;
}

/** The roster profile from what was read; the models and the Global and Defensive lines are read (and their issues said) here. */
function profileOf(read: {
  unit: BsSelection;
  stat: Stat;
  global: BsProfile | undefined;
  defensive: BsProfile;
  height: ReturnType<typeof heightAndType>['height'];
  type: ReturnType<typeof heightAndType>['type'];
  aegis: number | null;
  offensive: ReturnType<typeof readOffensive>;
  specialRules: string[];
  issues: string[];
}) {
  const { unit, stat, global, defensive, height, type, aegis, offensive, specialRules, issues } = read;
  const models = modelsCounted(unit);
  return {
    models: fitted(models > 0 ? models : Math.max(1, unit.number), 1, 200, 'Models', 1, issues),
    height,
    type,
    global: {
      advanceRate: stat(global, 'Adv', 0, 20, 4),
      marchRate: stat(global, 'Mar', 0, 40, 8),
      discipline: stat(global, 'Dis', 0, 10, 7),
    },
    defensive: {
      healthPoints: stat(defensive, 'HP', 1, 20, 1),
      defensiveSkill: stat(defensive, 'Def', 0, 10, 3),
      resilience: stat(defensive, 'Res', 0, 10, 3),
      armour: stat(defensive, 'Arm', 0, 6, 0),
      aegis,
    },
    offensive: offensive.slice(0, 10),
    specialRules,
  };
}

/** What the player reads before importing the unit; its notes list every issue, the profile's own included. */
function previewOf(read: {
  name: string;
  profile: ReturnType<typeof profileOf>;
  notesPreview: string[];
  issues: string[];
  confirm: string[];
}): PreviewLines {
  const { name, profile, notesPreview, issues, confirm } = read;
  return {
    models: `${profile.models} ${name}`,
    stats: previewStats(profile),
    weapons: [],
    abilities: profile.specialRules,
    notes: distinct([...notesPreview, ...issues]),
    confirm,
  };
}

/** The preview's stat lines: size and Global, Defensive, then one per offensive line. */
function previewStats(profile: ReturnType<typeof profileOf>): string[] {
  const { global: g, defensive: d } = profile;
  return [
    `${profile.height} ${profile.type} · Adv ${g.advanceRate} · Mar ${g.marchRate} · Dis ${g.discipline}`,
    `HP ${d.healthPoints} · Def ${d.defensiveSkill} · Res ${d.resilience} · Arm ${d.armour}${d.aegis ? ` · Aegis ${d.aegis}+` : ''}`,
    ...profile.offensive.map(
      (o) =>
        `${o.name}: Att ${o.attacks} · Off ${o.offensiveSkill} · Str ${o.strength} · AP ${o.armourPenetration} · Agi ${o.agility}${o.specialRules.length ? ` · ${o.specialRules.join(', ')}` : ''}`,
    ),
  ];
}
