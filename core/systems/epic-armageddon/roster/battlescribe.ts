import type { epicUnitTypes } from './profile';
import { fitted, otherProfiles, rulesOf, selectionNames } from '../../../battlescribe/common';
import { NotesWriter } from '../../../battlescribe/notes';
import { characteristic, isType, profilesUnder, type BsProfile, type BsSelection } from '../../../battlescribe/tree';
import { converted, type SystemImport, type UnitOutcome } from '../../../battlescribe/types';
import { cleanLabel, cleanName, distance, distinct, isNone, rollTarget } from '../../../battlescribe/values';

/**
 * Epic Armageddon (BSData's wh40k-epic-armageddon): a roster entry is a formation; every "Unit" or
 * "War Engine" profile in it is one kind of unit, counted by its selection's number. Those
 * profiles list the unit's weapons in parallel columns (Weapons, Range, Firepower, Notes) with
 * lines separated by <BR>; "or" starts an alternative profile of the weapon above.
 */
type UnitType = (typeof epicUnitTypes)[number];

const UNIT_TYPES = ['Unit', 'War Engine'];

export const epicArmageddonImport: SystemImport = {
  system: 'epic-armageddon',
  isUnit: (selection) => profilesUnder(selection).some(({ profile }) => isType(profile, ...UNIT_TYPES)),
  convertUnit,
};

function convertUnit(formation: BsSelection): UnitOutcome {
  const name = cleanName(formation.name);
  const notes = new NotesWriter();
  const issues: string[] = [];
  const used = new Set<BsProfile>();
  const units: ReturnType<typeof readUnit>[] = [];
  const left: string[] = [];
  for (const { profile, owner } of profilesUnder(formation)) {
    if (!isType(profile, ...UNIT_TYPES)) continue;
    used.add(profile);
    const unit = readUnit(profile, Math.max(1, owner.number), issues);
    if (unit.type === undefined) {
      left.push(
        `${cleanName(profile.name) === name ? '' : `${cleanName(profile.name)}: `}its type “${characteristic(profile, 'Type') ?? ''}” is not one a formation holds (infantry, vehicles, war engines, aircraft, characters)`,
      );
      notes.add('Not imported', `${profile.name}: type ${characteristic(profile, 'Type') ?? 'not given'}`);
      continue;
    }
    const same = units.find((u) => u.name === unit.name);
    if (same) same.count = Math.min(30, same.count + unit.count);
    else units.push(unit);
  }
  if (units.length === 0)
    return {
      ok: false,
      skipped: { name, reason: left.length > 0 ? left.join('; ') : 'it has no Unit or War Engine profile.' },
    };
  if (units.length > 30) issues.push(`${units.length} kinds of unit; the first 30 were kept`);

  const specialRules = rulesOf(formation, notes).slice(0, 80);
  const notesPreview = otherProfiles(formation, used, notes);
  const upgrades = selectionNames(formation);
  if (upgrades.length > 0) notes.add('Units and upgrades', upgrades.join(', '));
  for (const line of issues) notes.add('To check', line);

  const kept = units.slice(0, 30).map(({ crit, ...u }) => {
    if (crit) notes.add('Critical hit effects', `${u.name}: ${crit}`);
    return { ...u, type: u.type as UnitType };
  });
  const save = (n: number) => (n === 7 ? '–' : `${n}+`);
  return converted(
    formation,
    name,
    notes,
    { units: kept, blastMarkers: 0, specialRules },
    {
      models: kept.map((u) => `${u.count} ${u.name}`).join(', '),
      stats: kept.map(
        (u) =>
          `${u.count} × ${u.name}: ${u.type.replace(/-/g, ' ')} · Speed ${u.speed}cm · Armour ${save(u.armour)} · CC ${save(u.closeCombat)} · FF ${save(u.firefight)}${u.damageCapacity ? ` · DC ${u.damageCapacity}` : ''}${u.specialRules.length ? ` · ${u.specialRules.join(', ')}` : ''}`,
      ),
      weapons: kept.flatMap((u) => u.weapons.map((w) => `${u.name} — ${weaponLine(w)}`)),
      abilities: specialRules,
      notes: distinct([...left, ...notesPreview, ...issues]),
      confirm: [],
    },
  );
}

function readUnit(profile: BsProfile, count: number, issues: string[]) {
  const text = (n: string) => characteristic(profile, n);
  const save = (what: string) => {
    const value = text(what);
    return isNone(value) ? 7 : fitted(rollTarget(value), 2, 7, `${profile.name}: ${what}`, 7, issues);
  };
  const unitNotes = splitList(text('Unit Notes'));
  const dc = text('DC');
  return {
    name: cleanName(profile.name),
    count: Math.min(30, count),
    type: typeOf(text('Type') ?? ''),
    speed: isNone(text('Speed')) ? 0 : fitted(distance(text('Speed')), 0, 100, `${profile.name}: Speed`, 0, issues),
    armour: save('Armour'),
    closeCombat: save('CC'),
    firefight: save('FF'),
    damageCapacity:
      dc === undefined || isNone(dc)
        ? null
        : fitted(Number.parseInt(dc, 10) || undefined, 1, 20, `${profile.name}: DC`, 1, issues),
    weapons: readWeapons(profile).slice(0, 20),
    specialRules: unitNotes.slice(0, 80),
    crit: (text('Crit') ?? '').trim(),
  };
}

function typeOf(text: string): UnitType | undefined {
  const t = text.toLowerCase();
  if (/war\s*engine/.test(t)) return 'war-engine';
  if (/aircraft/.test(t)) return 'aircraft';
  if (/armou?red vehicle|\bav\b/.test(t)) return 'armoured-vehicle';
  if (/light vehicle|\blv\b/.test(t)) return 'light-vehicle';
  if (/character|\bch\b/.test(t)) return 'character';
  if (/infantry|\binf\b/.test(t)) return 'infantry';
  return undefined;
}

const lines = (text: string | undefined) => (text ?? '').split(/<br\s*\/?>/i).map((l) => l.trim());
const splitList = (text: string | undefined) =>
  (text ?? '')
    .split(/<br\s*\/?>|,/i)
    .map((t) => cleanLabel(t))
    .filter((t) => t !== '' && t !== '-');

/** The weapon rows of a unit profile: its Weapons, Range, Firepower and Notes columns, line by line. */
function readWeapons(profile: BsProfile) {
  const names = lines(characteristic(profile, 'Weapons'));
  const ranges = lines(characteristic(profile, 'Range'));
  const firepower = lines(characteristic(profile, 'Firepower'));
  const extra = lines(characteristic(profile, 'Notes'));
  const weapons: ReturnType<typeof weaponOf>[] = [];
  let last = '';
  names.forEach((raw, i) => {
    const alternative = /^or\b/i.test(raw) || /^or\b/i.test(ranges[i] ?? '');
    const name = raw.replace(/^or\b\s*/i, '').trim() || (alternative ? `${last} (alternative)` : '');
    if (!name || name === '-') return;
    if (!alternative) last = name;
    weapons.push(
      weaponOf(
        cleanName(name),
        (ranges[i] ?? '').replace(/^or\s*/i, ''),
        (firepower[i] ?? '').replace(/^or\s*/i, ''),
        (extra[i] ?? '').replace(/^or\s*/i, ''),
      ),
    );
  });
  return weapons;
}

/** One weapon row: "30cm", "AP5+/AT6+", "MW4+", "2BP", "Small Arms", "Assault Weapons", "(15cm)". */
function weaponOf(name: string, range: string, firepower: string, notes: string) {
  const roll = (tag: string) => {
    const m = new RegExp(`\\b${tag}\\s*([2-6])\\+`, 'i').exec(firepower);
    return m ? Number(m[1]) : null;
  };
  const barrage = /(\d{1,2})\s*BP\b/i.exec(firepower);
  const closeIn = /small arms|assault weapons?/i.test(firepower);
  const rules = splitList(notes);
  // "2x MW2+": two shots of that firepower; the profile has no shots field, so it is a rule.
  const shots = /^\s*(\d{1,2})\s*x\s*/i.exec(firepower);
  if (shots) rules.unshift(`${shots[1]} shots`);
  if (closeIn) rules.unshift(cleanLabel(firepower));
  if (/extra attacks/i.test(firepower) && !closeIn) rules.unshift(cleanLabel(firepower));
  return {
    name,
    range: closeIn || /base contact/i.test(range) ? 0 : Math.min(1000, distance(range) ?? 0),
    antiPersonnel: roll('AP'),
    antiTank: roll('AT'),
    antiAircraft: roll('AA'),
    barrage: barrage ? Math.min(20, Math.max(1, Number(barrage[1]))) : null,
    macroWeapon: roll('MW'),
    specialRules: distinct(rules).slice(0, 80),
  };
}

function weaponLine(w: ReturnType<typeof weaponOf>): string {
  const fire = [
    w.antiPersonnel && `AP${w.antiPersonnel}+`,
    w.antiTank && `AT${w.antiTank}+`,
    w.antiAircraft && `AA${w.antiAircraft}+`,
    w.macroWeapon && `MW${w.macroWeapon}+`,
    w.barrage && `${w.barrage}BP`,
  ].filter(Boolean);
  return `${w.name}: ${w.range ? `${w.range}cm` : 'base contact'}${fire.length ? ` · ${fire.join('/')}` : ''}${w.specialRules.length ? ` · ${w.specialRules.join(', ')}` : ''}`;
}
