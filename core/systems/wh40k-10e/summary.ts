import type { ProfileLine } from '../../combat/system';
import type { Role } from '../../combat/steps';
import type { Abilities, Setup, Weapon } from './profiles';
import { groupName, isAlive, type State } from './state';

/**
 * What a printed summary needs from 10th edition beyond the view: who won, and the profiles used.
 *
 * One attack sequence decides only one thing: whether the target unit is wiped out. That is a win
 * for the attacker; a target that survives has not "won" anything, so no winner is named (a club
 * tally then counts the combat without a win for either side).
 */
export function winnerOf(state: State): Role | null {
  return state.models.length > 0 && state.models.every((m) => !isAlive(m)) ? 'attacker' : null;
}

export function profilesOf(setup: Setup): Record<Role, ProfileLine[]> {
  const { attacker, defender } = setup;
  const situation = [
    attacker.ranged ? 'shooting' : 'fighting',
    attacker.charged && 'charged',
    attacker.remainedStationary && 'remained stationary',
    attacker.halfRange && 'within half range',
    attacker.mortalWounds > 0 && `${attacker.mortalWounds} mortal wounds from other rules`,
  ].filter((part): part is string => typeof part === 'string');
  const models = defender.models.map((g) => ({
    label: `${groupName(setup, g)} ×${g.count}`,
    text: [
      `T${g.toughness}`,
      g.save >= 7 ? 'no save' : `Sv ${g.save}+`,
      g.invulnerable !== null && g.invulnerable < 7 && `${g.invulnerable}++`,
      `W${g.wounds}`,
      g.feelNoPain !== null && g.feelNoPain < 7 && `Feel No Pain ${g.feelNoPain}+`,
      g.feelNoPainMortal !== null && g.feelNoPainMortal < 7 && `Feel No Pain ${g.feelNoPainMortal}+ vs mortal wounds`,
      g.deadlyDemise !== null && `Deadly Demise ${g.deadlyDemise}`,
      g.character && 'Character',
    ]
      .filter((part): part is string => typeof part === 'string')
      .join(' · '),
  }));
  return {
    attacker: [
      ...attacker.weapons.map((w) => weaponLine(w, attacker.ranged)),
      { label: 'Situation', text: situation.join(', ') },
    ],
    defender: [
      ...models,
      ...(defender.keywords.length > 0 ? [{ label: 'Keywords', text: defender.keywords.join(', ') }] : []),
      ...(defender.cover ? [{ label: 'Cover', text: 'Benefit of Cover' }] : []),
      ...defensiveLines(defender),
    ],
  };
}

/** The target unit's defensive modifiers (WH40K10-MODIFIERS.md), one line when it has any. */
function defensiveLines(d: Setup['defender']): ProfileLine[] {
  const parts = defensiveWords(d);
  return parts.length > 0 ? [{ label: 'Defensive modifiers', text: parts.join(' · ') }] : [];
}

/** The target unit's defensive modifiers in short words, as the print and the unit panel show them. */
export function defensiveWords(d: Setup['defender']): string[] {
  const signed = (n: number) => (n > 0 ? `+${n}` : `−${-n}`);
  return [
    d.stealth && 'Stealth (−1 to be hit by ranged attacks)',
    d.saveModifier !== 0 && `${signed(d.saveModifier)} to saving throws`,
    d.saveReroll !== 'none' &&
      (d.saveReroll === 'ones' ? 're-roll saving throws of 1' : 're-roll failed saving throws'),
    d.apReduction > 0 && `AP reduced by ${d.apReduction}`,
    d.halfDamage && 'half damage',
    d.damageReduction > 0 && `−${d.damageReduction} Damage`,
  ].filter((part): part is string => typeof part === 'string');
}

function weaponLine(w: Weapon, ranged: boolean): ProfileLine {
  const signed = (n: number) => (n > 0 ? `+${n}` : `${n}`);
  const parts = [
    `${w.models} ${w.models === 1 ? 'model' : 'models'} × A${w.attacks}`,
    `${ranged ? 'BS' : 'WS'} ${w.skill}+`,
    `S${w.strength} AP${w.ap} D${w.damage}`,
    w.hitModifier !== 0 && `${signed(w.hitModifier)} to hit`,
    w.woundModifier !== 0 && `${signed(w.woundModifier)} to wound`,
    w.hitReroll !== 'none' && `re-roll hits: ${w.hitReroll}`,
    w.woundReroll !== 'none' && `re-roll wounds: ${w.woundReroll}`,
    w.criticalHitOn < 6 && `Critical Hits on ${w.criticalHitOn}+`,
    w.criticalWoundOn < 6 && `Critical Wounds on ${w.criticalWoundOn}+`,
    w.damageReroll !== 'none' && (w.damageReroll === 'ones' ? 're-roll Damage 1s' : 're-roll Damage below average'),
    ...abilityNames(w.abilities),
  ];
  return { label: w.name, text: parts.filter((part): part is string => typeof part === 'string').join(' · ') };
}

function abilityNames(a: Abilities): string[] {
  return [
    a.lethalHits && 'Lethal Hits',
    a.sustainedHits !== null && `Sustained Hits ${a.sustainedHits}`,
    a.devastatingWounds && 'Devastating Wounds',
    a.twinLinked && 'Twin-linked',
    a.torrent && 'Torrent',
    a.anti && `Anti-${a.anti.keyword} ${a.anti.threshold}+`,
    a.blast && 'Blast',
    a.rapidFire !== null && `Rapid Fire ${a.rapidFire}`,
    a.melta !== null && `Melta ${a.melta}`,
    a.lance && 'Lance',
    a.heavy && 'Heavy',
    a.ignoresCover && 'Ignores Cover',
    a.precision && 'Precision',
    a.hazardous && 'Hazardous',
  ].filter((name): name is string => typeof name === 'string');
}
