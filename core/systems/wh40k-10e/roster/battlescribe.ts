import { NotesWriter, profileLine } from '../../../battlescribe/notes';
import { abilityNames, readWeaponKeywords, type AbilitiesInput } from './keywords';
import {
  characteristic,
  isType,
  profilesUnder,
  walk,
  type BsProfile,
  type BsSelection,
} from '../../../battlescribe/tree';
import { converted, type SystemImport, type UnitOutcome } from '../../../battlescribe/types';
import {
  cleanLabel,
  cleanName,
  distance,
  distinct,
  isNone,
  numberOrDice,
  plainText,
  rollTarget,
  wholeNumber,
} from '../../../battlescribe/values';

/**
 * Warhammer 40,000 10th edition (BSData's wh40k-10e, as BattleScribe and New Recruit write it).
 * A unit is a top-level selection with a "Unit" profile somewhere in it; its model selections
 * become model groups with their counts, every "Ranged Weapons" / "Melee Weapons" profile a
 * weapon counted by its selection's number, "Abilities" profiles the abilities (names on the
 * profile, text in the notes), categories the keywords.
 */

const UNIT = 'Unit';
const WEAPON_TYPES = ['Ranged Weapons', 'Melee Weapons'];
/** Categories the roster editor uses for its own bookkeeping, not datasheet keywords. */
const NOT_KEYWORDS = new Set([
  'configuration',
  'uncategorised',
  'uncategorized',
  'warlord',
  'allied units',
  'no category',
]);
/** Rules that explain a weapon keyword: the weapon already says so. */
const WEAPON_RULE =
  /^(assault|pistol|heavy|blast|torrent|lance|precision|hazardous|psychic|one shot|indirect fire|ignores cover|lethal hits|devastating wounds|twin-?linked|sustained hits.*|rapid fire.*|melta.*|anti-.*|extra attacks|conversion)$/i;

interface Group {
  name: string;
  count: number;
  movement: number;
  toughness: number;
  save: number;
  wounds: number;
  leadership: number;
  objectiveControl: number;
  invulnerable: number | null;
  feelNoPain: number | null;
  deadlyDemise: number | string | null;
  character: boolean;
  /** The model selection it came from (null for a unit without model selections). */
  source: BsSelection | null;
}

interface Weapon {
  name: string;
  range: 'melee' | number;
  models: number;
  attacks: number | string;
  skill: number;
  strength: number;
  ap: number;
  damage: number | string;
  abilities: AbilitiesInput;
  keywords: string[];
}

export const wh40k10eImport: SystemImport = {
  system: 'wh40k-10e',
  isUnit: (selection) => profilesUnder(selection).some(({ profile }) => isType(profile, UNIT)),
  convertUnit,
};

/** What a unit's conversion writes as it goes: its notes, the preview's lines about them, and what to check. */
interface Notes {
  notes: NotesWriter;
  preview: string[];
  confirm: string[];
  note: (heading: string, line: string, preview?: string) => void;
}

function notesWriter(): Notes {
  const notes = new NotesWriter();
  const preview: string[] = [];
  return {
    notes,
    preview,
    confirm: [],
    note: (heading, line, shown) => {
      notes.add(heading, line);
      if (shown) preview.push(shown);
    },
  };
}

function convertUnit(unit: BsSelection): UnitOutcome {
  const name = cleanName(unit.name);
  const out = notesWriter();
  const { notes, confirm, note } = out;
  const notesPreview = out.preview;
  const groups = modelGroups(unit, name, out);
  if (groups.length === 0)
    return { ok: false, skipped: { name, reason: 'no model in it has a Unit profile (M, T, Sv, W, Ld, OC).' } };

  const { keywords, factions } = keywordsOf(unit, groups);
  const found = profilesUnder(unit);
  const { weapons, weaponProfilesOf } = weaponsOf(found, out);
  const { abilityList, stealth } = abilitiesOf(unit, found, groups, weaponProfilesOf, out);

  // Two selections of the same model with the same profile (two "w/ heavy weapon" troopers) are one group.
  const merged: Group[] = [];
  for (const group of groups) {
    const same = merged.find((m) => sameGroup(m, group));
    if (same) same.count += group.count;
    else merged.push({ ...group });
  }
  if (merged.length > 20)
    note(
      'Not imported',
      `${merged.length - 20} model profiles past the 20 a unit holds`,
      `${merged.length - 20} model profiles past the 20 a unit holds: left out`,
    );

  const profile = {
    keywords,
    models: merged.slice(0, 20).map(({ source: _source, ...g }) => g),
    weapons: weapons.map((w) => ({ ...w, abilities: w.abilities })),
    abilities: abilityList,
    ...(stealth ? { defensiveModifiers: { stealth: true } } : {}),
  };
  if (factions.length > 0) notes.add('Faction', factions.join(', '));
  for (const line of confirm) notes.add('To check', line);

  return converted(unit, name, notes, profile, {
    models: merged.map((g) => `${g.count} ${g.name}`).join(', '),
    stats: [...merged.map(statsLine), ...(stealth ? ['Stealth: −1 to be hit by ranged attacks against the unit'] : [])],
    weapons: weapons.map(weaponLine),
    abilities: abilityList,
    notes: distinct([...(abilityList.length > 0 ? ['Ability text: in the notes'] : []), ...notesPreview]),
    confirm,
  });
}

/** Model groups: each model selection, with the "Unit" profile nearest to it (the unit itself when it has no model selections). */
function modelGroups(unit: BsSelection, name: string, { note, confirm }: Notes): Group[] {
  const models = [...walk(unit)].filter(({ selection }) => selection.type === 'model');
  const groups: Group[] = [];
  const entries = models.length > 0 ? models : [{ selection: unit, above: [] as BsSelection[] }];
  for (const { selection, above } of entries) {
    if (selection.number < 1) continue;
    const profile = unitProfileFor(selection, above);
    if (!profile) {
      note(
        'Not imported',
        `${selection.name}: no Unit profile (M, T, Sv, W, Ld, OC) was found for it.`,
        `${selection.name}: no Unit profile, so it is left out`,
      );
      continue;
    }
    const stats = readStats(profile);
    if (typeof stats === 'string') {
      note('Not imported', `${selection.name}: ${stats}`, `${selection.name}: ${stats}`);
      continue;
    }
    const count = models.length > 0 ? selection.number : Math.max(1, unit.type === 'model' ? unit.number : 1);
    if (models.length === 0 && unit.type !== 'model')
      confirm.push(`${name}: the file does not say how many models it has; 1 was taken. Check it.`);
    groups.push({
      name: cleanName(selection.name),
      count,
      ...stats,
      invulnerable: null,
      feelNoPain: null,
      deadlyDemise: null,
      character: false,
      source: models.length > 0 ? selection : null,
    });
  }
  return groups;
}

/** Keywords from the categories; "Faction: X" is the faction (and a faction keyword). CHARACTER marks the models that are. */
function keywordsOf(unit: BsSelection, groups: Group[]): { keywords: string[]; factions: string[] } {
  const categories = [...walk(unit)]
    .filter(({ selection }) => selection === unit || selection.type === 'model')
    .flatMap(({ selection }) => selection.categories.map((c) => c.name.trim()));
  const factions = distinct(categories.flatMap((c) => /^faction:\s*(.+)$/i.exec(c)?.[1]?.trim() ?? []));
  const keywords = distinct([
    ...categories.filter((c) => !/^faction:/i.test(c) && !NOT_KEYWORDS.has(c.toLowerCase())),
    ...factions,
  ])
    .map(cleanLabel)
    .slice(0, 40);
  // CHARACTER: the whole unit when it is one model profile; otherwise the models that say so.
  const isCharacter = (categoriesOf: string[]) => categoriesOf.some((c) => c.toLowerCase() === 'character');
  for (const group of groups) {
    group.character =
      groups.length === 1 ? isCharacter(categories) : isCharacter(group.source?.categories.map((c) => c.name) ?? []);
  }
  return { keywords, factions };
}

/** Weapons, counted by the number of their selection; the same profile twice is one weapon. */
function weaponsOf(
  found: ReturnType<typeof profilesUnder>,
  { note, preview: notesPreview }: Notes,
): { weapons: Weapon[]; weaponProfilesOf: Map<BsSelection, BsProfile[]> } {
  const weapons: Weapon[] = [];
  const weaponProfilesOf = new Map<BsSelection, BsProfile[]>();
  for (const { profile, owner } of found) {
    if (!isType(profile, ...WEAPON_TYPES)) continue;
    weaponProfilesOf.set(owner, [...(weaponProfilesOf.get(owner) ?? []), profile]);
    const weapon = readWeapon(profile, owner.number);
    if (typeof weapon === 'string') {
      note(
        'Weapons not imported',
        `${profileLine(profile)} (${weapon})`,
        `${cleanName(profile.name)}: ${weapon}; its profile is in the notes`,
      );
      continue;
    }
    const same = weapons.find((w) => sameWeapon(w, weapon));
    if (same) same.models += weapon.models;
    else weapons.push(weapon);
    if (weapon.keywords.length > 0)
      notesPreview.push(`${weapon.name}: ${weapon.keywords.join(', ')} kept as text on the weapon`);
  }
  for (const [owner, profiles] of weaponProfilesOf) {
    const ranged = profiles.filter((p) => isType(p, 'Ranged Weapons'));
    if (ranged.length > 1) {
      const line = `${cleanName(owner.name)} has ${ranged.length} profiles (${ranged.map((p) => cleanName(p.name)).join('; ')}): a model fires one of them, so keep one in a combat.`;
      note('Weapons with several profiles', line, line);
    }
  }
  for (const extra of weapons.splice(30))
    note(
      'Weapons not imported',
      `${extra.name}: a unit holds 30 weapons at most`,
      `${extra.name}: more than 30 weapons, kept in the notes`,
    );
  for (const weapon of weapons) {
    if (weapon.models <= 100) continue;
    note(
      'To check',
      `${weapon.name}: ${weapon.models} in the unit; a weapon profile holds 100, so 100 were kept`,
      `${weapon.name}: more than 100, 100 kept`,
    );
    weapon.models = 100;
  }

  return { weapons, weaponProfilesOf };
}

/** Abilities: names on the profile, text in the notes; defences read from them; other profile types into the notes. */
function abilitiesOf(
  unit: BsSelection,
  found: ReturnType<typeof profilesUnder>,
  groups: Group[],
  weaponProfilesOf: Map<BsSelection, BsProfile[]>,
  { notes, note, confirm }: Notes,
): { abilityList: string[]; stealth: boolean } {
  /** Values read from ability text, once per value and models (an ability and its rule often say the same). */
  const defences = new Map<string, string>();
  const abilities: string[] = [];
  for (const { profile, owner, above } of found) {
    if (isType(profile, UNIT, ...WEAPON_TYPES)) continue;
    if (isType(profile, 'Abilities')) {
      abilities.push(cleanLabel(cleanName(profile.name)));
      notes.add('Abilities', profileLine(profile));
      readDefences(
        profile.name,
        characteristic(profile, 'Description') ?? profileLine(profile),
        targetsOf(owner, above, groups, profileLine(profile)),
        groups,
        defences,
      );
    } else {
      note(
        profile.typeName || 'Other profiles',
        profileLine(profile),
        `${profile.typeName || 'Profile'} “${cleanName(profile.name)}”: in the notes`,
      );
    }
  }
  // Rules of the unit and its models (core and army abilities: Leader, Deep Strike, Oath of Moment…).
  for (const { selection, above } of walk(unit)) {
    if (weaponProfilesOf.has(selection)) continue;
    for (const rule of selection.rules) {
      if (WEAPON_RULE.test(rule.name.trim())) continue;
      abilities.push(cleanLabel(rule.name));
      const targets = targetsOf(selection, above, groups, rule.name);
      readDefences(rule.name, rule.name, targets, groups, defences);
      const demise = /^deadly demise\s+(\S+)/i.exec(rule.name.trim());
      const amount = demise ? numberOrDice(demise[1]) : undefined;
      if (amount !== undefined) for (const g of targets) g.deadlyDemise = amount;
    }
  }
  const abilityList = distinct(abilities).slice(0, 80);
  confirm.push(...defences.values());
  // Stealth (core rules: "subtract 1 from the Hit roll" of ranged attacks against the unit): a target field.
  const stealth = abilityList.some((a) => /^stealth$/i.test(a.trim()));

  return { abilityList, stealth };
}

/**
 * The "Unit" profile of a model: its own (or one under it), else the nearest above it; when the
 * unit lists one per kind of model ("Szarekh", "Triarchal Menhir"), the one named like the model.
 */
function unitProfileFor(model: BsSelection, above: readonly BsSelection[]): BsProfile | undefined {
  const own = profilesUnder(model).find(
    ({ profile, owner }) => isType(profile, UNIT) && (owner === model || owner.type !== 'model'),
  );
  if (own) return own.profile;
  for (const selection of [...above].reverse()) {
    const candidates = selection.profiles.filter((p) => isType(p, UNIT));
    if (candidates.length === 0) continue;
    const lower = model.name.toLowerCase();
    return (
      candidates.find((p) => p.name.toLowerCase() === lower) ??
      candidates.find((p) => lower.startsWith(p.name.toLowerCase()) || p.name.toLowerCase().startsWith(lower)) ??
      candidates[0]
    );
  }
  return undefined;
}

type Stats = Pick<Group, 'movement' | 'toughness' | 'save' | 'wounds' | 'leadership' | 'objectiveControl'>;

/** M, T, SV, W, LD, OC of a "Unit" profile, or what could not be read. */
function readStats(profile: BsProfile): Stats | string {
  const text = (name: string) => characteristic(profile, name);
  const movement = isNone(text('M')) ? 0 : distance(text('M'));
  const toughness = wholeNumber(text('T'));
  const save = isNone(text('SV')) ? 7 : rollTarget(text('SV'));
  const wounds = wholeNumber(text('W'));
  const leadership = rollTarget(text('LD'));
  const objectiveControl = isNone(text('OC')) ? 0 : wholeNumber(text('OC'));
  const unread = Object.entries({
    M: movement,
    T: toughness,
    Sv: save,
    W: wounds,
    Ld: leadership,
    OC: objectiveControl,
  }).filter(([, v]) => v === undefined);
  if (unread.length > 0)
    return `${unread.map(([k]) => `${k} “${text(k === 'Sv' ? 'SV' : k) ?? ''}”`).join(', ')} cannot be read as numbers`;
  return {
    movement: movement!,
    toughness: toughness!,
    save: save!,
    wounds: wounds!,
    leadership: leadership!,
    objectiveControl: objectiveControl!,
  };
}

/** A weapon profile, or what could not be read. */
function readWeapon(profile: BsProfile, count: number): Weapon | string {
  const text = (...names: string[]) => characteristic(profile, ...names);
  const melee = isType(profile, 'Melee Weapons') || /^\s*melee\s*$/i.test(text('Range') ?? '');
  const { abilities, other } = readWeaponKeywords(text('Keywords'));
  const range = melee ? 'melee' : distance(text('Range'));
  const attacks = numberOrDice(text('A'));
  const skillText = text(melee ? 'WS' : 'BS') ?? text('BS', 'WS');
  // A Torrent weapon hits automatically: its BS ("N/A") is never rolled, so any value does.
  const skill = isNone(skillText) && abilities.torrent ? 2 : rollTarget(skillText);
  const strength = wholeNumber(text('S'));
  const ap = isNone(text('AP')) ? 0 : wholeNumber(text('AP'));
  const damage = numberOrDice(text('D'));
  const unread = Object.entries({ Range: range, A: attacks, 'BS/WS': skill, S: strength, AP: ap, D: damage }).filter(
    ([, v]) => v === undefined,
  );
  if (unread.length > 0) return `${unread.map(([k]) => k).join(', ')} cannot be read`;
  return {
    name: cleanName(profile.name),
    range: range!,
    models: Math.max(1, count),
    attacks: attacks!,
    skill: skill!,
    strength: strength!,
    ap: Math.min(0, ap!),
    damage: damage!,
    abilities,
    keywords: other.map(cleanLabel),
  };
}

const sameGroup = (a: Group, b: Group) => {
  const { count: _a, source: _sa, ...restA } = a;
  const { count: _b, source: _sb, ...restB } = b;
  return JSON.stringify(restA) === JSON.stringify(restB);
};

const sameWeapon = (a: Weapon, b: Weapon) => {
  const { models: _a, ...restA } = a;
  const { models: _b, ...restB } = b;
  return JSON.stringify(restA) === JSON.stringify(restB);
};

/**
 * Which model groups an ability or rule of `owner` applies to: the model it hangs under, unless
 * it hangs on the unit itself or its text speaks of the unit ("models in this unit").
 */
function targetsOf(owner: BsSelection, above: readonly BsSelection[], groups: Group[], text: string): Group[] {
  const model = [owner, ...[...above].reverse()].find((s) => s.type === 'model');
  const only = /\(([^()]{1,60}?) models? only\)/i.exec(text)?.[1]?.toLowerCase();
  if (only) {
    const named = groups.filter((g) => g.name.toLowerCase().includes(only));
    if (named.length > 0) return named;
  }
  if (!model || /\bunit\b/i.test(text)) return groups;
  const mine = groups.filter((g) => g.source === model);
  return mine.length > 0 ? mine : groups;
}

/**
 * An invulnerable save or Feel No Pain stated in an ability ("has a 4+ invulnerable save",
 * "Feel No Pain 5+") fills the models' field, the best one when several; each is flagged for
 * the player to confirm, since the text may set conditions the field cannot hold.
 */
function readDefences(
  source: string,
  text: string,
  targets: Group[],
  groups: Group[],
  confirm: Map<string, string>,
): void {
  const plain = plainText(text);
  // An ability named for the save whose whole text is the roll ("Invulnerable Save": "4+", as
  // BSData writes a Captain's 4++; "4+*" when a condition is footnoted).
  const bare = /^\(?([2-6])\+\)?\*{0,2}$/.exec(plain.trim());
  const invulnerable =
    /([2-6])\+\s{0,3}invulnerable save/i.exec(plain) ??
    /invulnerable save\D{0,12}([2-6])\+/i.exec(plain) ??
    /invulnerable save\D{0,12}([2-6])\+/i.exec(source) ??
    (/invulnerable/i.test(source) ? bare : null);
  const feelNoPain =
    /feel no pain\s{0,3}\(?([2-6])\+/i.exec(plain) ??
    /feel no pain\s{0,3}\(?([2-6])\+/i.exec(source) ??
    (/feel no pain/i.test(source) ? bare : null);
  const who =
    targets.length === groups.length && groups.length > 1
      ? 'all models'
      : distinct(targets.map((g) => g.name)).join(', ');
  const excerpt = plain.length > 140 ? `${plain.slice(0, 139)}…` : plain;
  if (invulnerable) {
    const value = Number(invulnerable[1]);
    for (const g of targets) g.invulnerable = g.invulnerable === null ? value : Math.min(g.invulnerable, value);
    if (!confirm.has(`invulnerable ${value} ${who}`))
      confirm.set(
        `invulnerable ${value} ${who}`,
        `Invulnerable save ${value}+ for ${who}, read from “${cleanName(source)}”${excerpt && excerpt !== source ? `: “${excerpt}”` : ''}`,
      );
  }
  if (feelNoPain) {
    const value = Number(feelNoPain[1]);
    for (const g of targets) g.feelNoPain = g.feelNoPain === null ? value : Math.min(g.feelNoPain, value);
    if (!confirm.has(`fnp ${value} ${who}`))
      confirm.set(
        `fnp ${value} ${who}`,
        `Feel No Pain ${value}+ for ${who}, read from “${cleanName(source)}”${excerpt && excerpt !== source ? `: “${excerpt}”` : ''}`,
      );
  }
}

function statsLine(g: Group): string {
  const parts = [
    `M ${g.movement}″`,
    `T ${g.toughness}`,
    `Sv ${g.save === 7 ? '–' : `${g.save}+`}`,
    `W ${g.wounds}`,
    `Ld ${g.leadership}+`,
    `OC ${g.objectiveControl}`,
  ];
  if (g.invulnerable !== null) parts.push(`Invulnerable ${g.invulnerable}+`);
  if (g.feelNoPain !== null) parts.push(`Feel No Pain ${g.feelNoPain}+`);
  if (g.deadlyDemise !== null) parts.push(`Deadly Demise ${g.deadlyDemise}`);
  if (g.character) parts.push('Character');
  return `${g.count} × ${g.name}: ${parts.join(' · ')}`;
}

function weaponLine(w: Weapon): string {
  const parts = [
    w.range === 'melee' ? 'Melee' : `${w.range}″`,
    `A ${w.attacks}`,
    `${w.range === 'melee' ? 'WS' : 'BS'} ${w.abilities.torrent ? 'N/A' : `${w.skill}+`}`,
    `S ${w.strength}`,
    `AP ${w.ap}`,
    `D ${w.damage}`,
  ];
  const named = abilityNames(w.abilities);
  if (named.length > 0) parts.push(named.join(', '));
  if (w.keywords.length > 0) parts.push(`also ${w.keywords.join(', ')}`);
  return `${w.models} × ${w.name}: ${parts.join(' · ')}`;
}
