import { memo } from '../../combat/memo';
import type { Engagement, Setup, Support, Unit } from './setup';
import { MAX_DICE_PER_STEP } from './tables';
import {
  canSupport,
  engagedAlive,
  entryOf,
  isWarEngine,
  otherRole,
  roles,
  unitsKey,
  type DiceSource,
  type Role,
  type RollGroup,
  type UnitState,
  type WaveKind,
} from './state';

/**
 * Which attack dice each unit rolls (seed 003 "Make combat attacks"; SCENARIOS §1 Dice and First
 * Strike), and the batches they are rolled in: one roll step per side per score needed, the
 * Macro-weapon dice apart because their hits are allocated and saved differently.
 */

export interface UnitDice {
  value: number;
  macro: boolean;
  dice: number;
  /** What the dice are, e.g. "CC 4+" or "Chainswords (Extra Attacks +1, First Strike)". */
  label: string;
  /** The rule that gives them, as players know it. */
  rule: string;
  /** In a few words: "CC 4+", or the weapon's name. */
  short: string;
}

const weaponLabel = (w: Unit['weapons'][number]) =>
  `${w.name} (Extra Attacks +${w.extraAttacks}${w.macroWeapon ? ', Macro-weapon' : ''}${w.firstStrike ? ', First Strike' : ''})`;

/**
 * The dice one unit of `entry` rolls in a wave of A4. Base contact uses CC, a firefight FF; a unit
 * whose value for its engagement is none makes no attack, and its weapons for that value none
 * (SCENARIOS §1). The First Strike wave is the First Strike extra attacks only; the main wave is
 * one die per unit (a war engine: its starting damage capacity) plus the other extra attacks.
 */
export function unitAttackDice(entry: Unit, engaged: Engagement, kind: 'firstStrike' | 'main'): UnitDice[] {
  if (engaged === 'none') return [];
  const use = engaged === 'contact' ? 'cc' : 'ff';
  const value = entry[use];
  if (value === null) return [];
  const out: UnitDice[] = [];
  if (kind === 'main') {
    const base = `${use === 'cc' ? 'CC' : 'FF'} ${value}+`;
    const rule = use === 'cc' ? 'Close Combat (CC)' : 'Firefight (FF)';
    out.push(
      isWarEngine(entry)
        ? {
            value,
            macro: false,
            dice: entry.damageCapacity,
            label: `${base}, ${entry.damageCapacity} dice (war engine: its starting damage capacity)`,
            rule,
            short: base,
          }
        : { value, macro: false, dice: 1, label: base, rule, short: base },
    );
  }
  for (const w of entry.weapons) {
    if (w.use === use && w.firstStrike === (kind === 'firstStrike'))
      out.push({
        value,
        macro: w.macroWeapon,
        dice: w.extraAttacks,
        label: weaponLabel(w),
        rule: 'Extra Attacks',
        short: w.name,
      });
  }
  return out;
}

/** A supporting unit's dice in A5: one FF die plus its FF extra attacks (RULES §4 A5). First Strike means nothing here. */
export function supportDice(s: Support): UnitDice[] {
  if (s.ff === null) return [];
  return [
    { value: s.ff, macro: false, dice: 1, label: `FF ${s.ff}+`, rule: 'Supporting fire', short: `FF ${s.ff}+` },
    ...s.weapons.map((w) => ({
      value: s.ff!,
      macro: w.macroWeapon,
      dice: w.extraAttacks,
      label: weaponLabel(w),
      rule: 'Supporting fire',
      short: w.name,
    })),
  ];
}

const engagementText: Record<Engagement, string> = {
  contact: 'base contact',
  firefight: 'firefight',
  none: 'not engaged',
};

/** Every die a side rolls in a wave, with where it comes from. */
export interface SourcedDice extends UnitDice {
  /** Whose dice: the entry's name. */
  name: string;
  /** How many units roll them. */
  units: number;
  /** How they roll them, e.g. "(base contact): CC 4+". */
  detail: string;
  key: string;
}

export function sideDice(setup: Setup, role: Role, units: readonly UnitState[], kind: WaveKind): SourcedDice[] {
  const out: SourcedDice[] = [];
  if (kind === 'support') {
    setup[role].support.forEach((s, i) => {
      if (!canSupport(s)) return;
      for (const d of supportDice(s))
        out.push({
          ...d,
          dice: d.dice * s.count,
          name: s.name,
          units: s.count,
          detail: `(supporting fire): ${d.label}`,
          key: `s${i}|${d.label}`,
        });
    });
    return out;
  }
  for (const u of units) {
    if (!engagedAlive(u)) continue;
    const e = entryOf(setup, role, u);
    for (const d of unitAttackDice(e, u.engaged, kind))
      out.push({
        ...d,
        name: e.name,
        units: 1,
        detail: `(${engagementText[u.engaged]}): ${d.label}`,
        key: `${u.entry}|${u.engaged}|${d.label}`,
      });
  }
  return out;
}

/** Batches a side's dice by the score they need, Macro-weapon dice apart; the sources say whose dice they are. */
export function batches(role: Role, dice: readonly SourcedDice[]): RollGroup[] {
  const groups = new Map<
    string,
    {
      value: number;
      macro: boolean;
      sources: Map<string, { name: string; detail: string; dice: number; units: number; rule: string; short: string }>;
    }
  >();
  for (const d of dice) {
    const key = `${d.value}|${d.macro}`;
    let g = groups.get(key);
    if (!g) groups.set(key, (g = { value: d.value, macro: d.macro, sources: new Map() }));
    const s = g.sources.get(d.key);
    if (s) {
      s.dice += d.dice;
      s.units += d.units;
    } else
      g.sources.set(d.key, {
        name: d.name,
        detail: d.detail,
        dice: d.dice,
        units: d.units,
        rule: d.rule,
        short: d.short,
      });
  }
  const out: RollGroup[] = [];
  const ordered = [...groups.values()].sort((a, b) => a.value - b.value || Number(a.macro) - Number(b.macro));
  for (const g of ordered) {
    const sources: DiceSource[] = [...g.sources.values()].map((s) => {
      const who = `${s.name}${s.units > 1 ? ` ×${s.units}` : ''}`;
      return { label: `${who} ${s.detail}`, dice: s.dice, rule: s.rule, short: `${s.short} of ${who}` };
    });
    const total = sources.reduce((n, s) => n + s.dice, 0);
    if (total === 0) continue;
    const parts = Math.ceil(total / MAX_DICE_PER_STEP);
    for (let k = 1; k <= parts; k++) {
      const dice = Math.min(MAX_DICE_PER_STEP, total - (k - 1) * MAX_DICE_PER_STEP);
      out.push({
        by: role,
        value: g.value,
        macro: g.macro,
        dice,
        sources,
        ...(parts > 1 ? { part: { k, of: parts } } : {}),
      });
    }
  }
  return out;
}

/**
 * The batches of a wave, attacker's first, and the sides whose dice could hit nobody (seed 003:
 * hits go only to directly engaged units; dice that cannot change anything are not rolled).
 */
export const waveGroups = (setup: Setup, units: Record<Role, readonly UnitState[]>, kind: WaveKind): WaveGroups =>
  // Every wave of every play-out asks it: worked out once per combat and units.
  rememberedGroups(setup, `${kind}|${unitsKey(units.attacker)}|${unitsKey(units.defender)}`, () =>
    freshWaveGroups(setup, units, kind),
  );
type WaveGroups = { groups: RollGroup[]; idle: Role[] };
const rememberedGroups = memo<WaveGroups>();

function freshWaveGroups(setup: Setup, units: Record<Role, readonly UnitState[]>, kind: WaveKind): WaveGroups {
  const groups: RollGroup[] = [];
  const idle: Role[] = [];
  for (const role of roles) {
    const dice = sideDice(setup, role, units[role], kind);
    if (dice.length === 0) continue;
    if (!units[otherRole(role)].some(engagedAlive)) {
      idle.push(role);
      continue;
    }
    groups.push(...batches(role, dice));
  }
  return { groups, idle };
}
