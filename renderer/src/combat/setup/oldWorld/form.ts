import type { Facing, TroopType } from '../../../../../core/systems/old-world/setup';

/**
 * The old-world setup screen's form: the setup (core/systems/old-world/setup.ts) with every number
 * as typed — '' while a field is blank. A blank required number is sent as missing so the host
 * names the field; a blank ward or "models in contact" means none / a whole front rank.
 */

export type Num = number | '';
export type Role = 'attacker' | 'defender';

export interface ProfileForm {
  movement: Num;
  weaponSkill: Num;
  strength: Num;
  toughness: Num;
  wounds: Num;
  initiative: Num;
  attacks: Num;
  leadership: Num;
  /** 7 = no armour save. */
  armour: Num;
  /** '' = no ward save. */
  ward: Num;
  troopType: TroopType;
}

export interface CharacterForm {
  name: string;
  profile: ProfileForm;
}

export const unitFlags = [
  ['charged', 'Charged this turn'],
  ['highGround', 'Higher ground'],
  ['defendedObstacle', 'Behind a defended obstacle'],
  ['noRankBonus', 'Fast cavalry / skirmishers (no ranks)'],
  ['causesFear', 'Causes fear'],
  ['causesTerror', 'Causes terror'],
  ['stubborn', 'Stubborn'],
  ['unbreakable', 'Unbreakable'],
  ['immuneToPsychology', 'Immune to psychology'],
] as const;
export type UnitFlag = (typeof unitFlags)[number][0];

export interface UnitForm extends Record<UnitFlag, boolean> {
  name: string;
  profile: ProfileForm;
  models: Num;
  woundsLost: Num;
  rankWidth: Num;
  characters: CharacterForm[];
  standard: boolean;
  musician: boolean;
  battleStandard: boolean;
  /** Index of the enemy unit it fights. */
  target: number;
  /** A character of that unit its models attack instead of the rank and file (null: the rank and file). */
  attacksAt: number | null;
  facing: Facing;
  /** '' = a whole front rank. */
  inContact: Num;
}

export interface NearbyForm {
  name: string;
  leadership: Num;
  movement: Num;
  immuneToPsychology: boolean;
}

export interface SideForm {
  name: string;
  units: UnitForm[];
  nearby: NearbyForm[];
}

/** "unit.character" of each side's challenger, or null. */
export interface ChallengeForm {
  on: boolean;
  attacker: string | null;
  defender: string | null;
}

export interface SetupForm {
  attacker: SideForm;
  defender: SideForm;
  challenge: ChallengeForm;
  insaneCourage: boolean;
  round: Num;
  previousWinner: Role | null;
}

export const MAX_UNITS = 4;
export const MAX_CHARACTERS = 4;
export const MAX_NEARBY = 8;

export const troopTypeOptions: Array<{ value: TroopType; label: string }> = [
  { value: 'infantry', label: 'Infantry (US 1)' },
  { value: 'cavalry', label: 'Cavalry (US 2)' },
  { value: 'large', label: 'Monstrous / chariot (US 3)' },
  { value: 'monster', label: 'Monster (US = wounds)' },
];

const humanProfile = (): ProfileForm => ({ movement: 4, weaponSkill: 3, strength: 3, toughness: 3, wounds: 1, initiative: 3, attacks: 1, leadership: 7, armour: 6, ward: '', troopType: 'infantry' });

export const newCharacter = (): CharacterForm => ({
  name: '',
  profile: { movement: 4, weaponSkill: 5, strength: 4, toughness: 4, wounds: 2, initiative: 5, attacks: 3, leadership: 8, armour: 5, ward: '', troopType: 'infantry' },
});

export const newUnit = (patch: Partial<UnitForm> = {}): UnitForm => ({
  name: '',
  profile: humanProfile(),
  models: 10,
  woundsLost: 0,
  rankWidth: 5,
  characters: [],
  standard: false,
  musician: false,
  battleStandard: false,
  charged: false,
  highGround: false,
  defendedObstacle: false,
  noRankBonus: false,
  causesFear: false,
  causesTerror: false,
  stubborn: false,
  unbreakable: false,
  immuneToPsychology: false,
  target: 0,
  attacksAt: null,
  facing: 'front',
  inContact: '',
  ...patch,
});

export const newNearby = (): NearbyForm => ({ name: '', leadership: 7, movement: 4, immuneToPsychology: false });

/** A typical charge, so a quick combat needs only the numbers that differ. */
export const defaultForm = (): SetupForm => ({
  attacker: {
    name: 'Empire',
    units: [newUnit({ name: 'Halberdiers', models: 20, standard: true, musician: true, charged: true, profile: { ...humanProfile(), strength: 4 } })],
    nearby: [],
  },
  defender: {
    name: 'Orcs',
    units: [newUnit({ name: 'Orc Boyz', models: 20, standard: true, profile: { ...humanProfile(), toughness: 4, initiative: 2, armour: 5 } })],
    nearby: [],
  },
  challenge: { on: false, attacker: null, defender: null },
  insaneCourage: true,
  round: 1,
  previousWinner: null,
});

/** A blank required number goes as missing: the host then names the field ("expected … as a number"). */
const req = (n: Num) => (n === '' ? undefined : n);
const opt = (n: Num) => (n === '' ? null : n);

const profileOut = (p: ProfileForm) => ({
  movement: req(p.movement),
  weaponSkill: req(p.weaponSkill),
  strength: req(p.strength),
  toughness: req(p.toughness),
  wounds: req(p.wounds),
  initiative: req(p.initiative),
  attacks: req(p.attacks),
  leadership: req(p.leadership),
  armour: req(p.armour),
  ward: opt(p.ward),
  troopType: p.troopType,
});

const unitOut = (u: UnitForm) => ({
  ...u,
  profile: profileOut(u.profile),
  models: req(u.models),
  woundsLost: req(u.woundsLost),
  rankWidth: req(u.rankWidth),
  characters: u.characters.map((c) => ({ name: c.name, profile: profileOut(c.profile) })),
  inContact: opt(u.inContact),
});

const sideOut = (s: SideForm) => ({
  name: s.name,
  units: s.units.map(unitOut),
  nearby: s.nearby.map((n) => ({ name: n.name, leadership: req(n.leadership), movement: req(n.movement), immuneToPsychology: n.immuneToPsychology })),
});

const challengerOut = (ref: string | null) => {
  if (ref === null) return { unit: undefined, character: undefined };
  const [unit, character] = ref.split('.').map(Number);
  return { unit, character };
};

/** The setup as the host's schema reads it. */
export function toSetup(form: SetupForm): Record<string, unknown> {
  return {
    system: 'old-world',
    attacker: sideOut(form.attacker),
    defender: sideOut(form.defender),
    challenge: form.challenge.on ? { attacker: challengerOut(form.challenge.attacker), defender: challengerOut(form.challenge.defender) } : null,
    insaneCourage: form.insaneCourage,
    round: req(form.round),
    previousWinner: form.previousWinner,
  };
}

/** What "From roster" gives (core/roster/toCombatOldWorld.ts), onto a unit of the form: where it stands and fights stays. */
export function fromRoster(current: UnitForm, picked: Record<string, unknown>): UnitForm {
  const p = picked as unknown as Omit<UnitForm, 'profile' | 'characters'> & {
    profile: Omit<ProfileForm, 'ward'> & { ward: number | null };
    characters: Array<{ name: string; profile: Omit<ProfileForm, 'ward'> & { ward: number | null } }>;
  };
  const profile = (q: typeof p.profile): ProfileForm => ({ ...q, ward: q.ward ?? '' });
  return {
    ...current,
    name: p.name,
    profile: profile(p.profile),
    models: p.models,
    woundsLost: 0,
    rankWidth: p.rankWidth,
    characters: p.characters.map((c) => ({ name: c.name, profile: profile(c.profile) })),
    standard: p.standard,
    musician: p.musician,
    battleStandard: p.battleStandard,
    noRankBonus: p.noRankBonus,
    causesFear: p.causesFear,
    causesTerror: p.causesTerror,
    stubborn: p.stubborn,
    unbreakable: p.unbreakable,
    immuneToPsychology: p.immuneToPsychology,
  };
}

/** The first host problem at or under a field path (e.g. "challenge.attacker" also takes "challenge.attacker.unit"). */
export function errorUnder(errors: Record<string, string>, path: string): string | undefined {
  if (errors[path]) return errors[path];
  const key = Object.keys(errors).find((k) => k.startsWith(`${path}.`) || k.startsWith(`${path}[`));
  return key ? errors[key] : undefined;
}

/** Numbers as Mantine's NumberInput gives them: a number, or '' when blank. */
export const numIn = (v: string | number): Num => (typeof v === 'number' ? v : v.trim() === '' ? '' : Number.isFinite(Number(v)) ? Number(v) : '');
