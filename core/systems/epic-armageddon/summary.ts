import type { ProfileLine } from '../../combat/system';
import type { Role } from '../../combat/steps';
import type { Setup, Support, Unit } from './setup';
import { notSupportingWhy, plural, type State } from './state';

/**
 * What a printed summary needs beyond the view: who won (RULES §4: the higher A6 total, or an
 * immediate win at A4 / after A5; a finished draw cannot happen — a draw goes on to another round)
 * and each side's profiles.
 */
export function winnerOf(state: State): Role | 'draw' | null {
  if (state.phase.at !== 'end' || !state.result) return null;
  return state.result.winner;
}

const value = (name: string, v: number | null) => (v === null ? `no ${name}` : `${name} ${v}+`);

function unitText(u: Unit): string {
  return [
    u.type.replace('-', ' '),
    u.armour === null ? 'no save' : `Sv ${u.armour}+`,
    value('CC', u.cc),
    value('FF', u.ff),
    u.type === 'war-engine' && `DC ${u.damageCapacity}`,
    u.engaged === 'contact' ? 'in base contact' : u.engaged === 'firefight' ? 'firefight' : 'not engaged',
    ...u.weapons.map(
      (w) =>
        `${w.name} (${w.use.toUpperCase()}, Extra Attacks +${w.extraAttacks}${w.macroWeapon ? ', Macro-weapon' : ''}${w.firstStrike ? ', First Strike' : ''})`,
    ),
    u.reinforcedArmour && 'Reinforced Armour',
    u.invulnerable && 'Invulnerable Save',
    u.fearless && 'Fearless',
    u.inspiring && 'Inspiring',
    u.cover !== null && `cover ${u.cover}+`,
  ]
    .filter((x): x is string => typeof x === 'string')
    .join(' · ');
}

function supportText(s: Support): string {
  const out = notSupportingWhy(s);
  return [
    out ? `no supporting fire: ${out}` : 'supporting fire',
    value('FF', s.ff),
    ...s.weapons.map((w) => `${w.name} (Extra Attacks +${w.extraAttacks}${w.macroWeapon ? ', Macro-weapon' : ''})`),
    s.inspiring && 'Inspiring',
  ]
    .filter((x): x is string => typeof x === 'string')
    .join(' · ');
}

export function profilesOf(setup: Setup): Record<Role, ProfileLine[]> {
  const side = (role: Role): ProfileLine[] => {
    const s = setup[role];
    return [
      {
        label: s.formation,
        text: [
          `${s.units.reduce((n, u) => n + u.count, 0)} units`,
          plural(s.blastMarkers, 'Blast marker'),
          s.broken && 'Broken',
          s.knowNoFear && 'They Shall Know No Fear',
        ]
          .filter((x): x is string => typeof x === 'string')
          .join(' · '),
      },
      ...s.units.map((u) => ({ label: `${u.name}${u.count > 1 ? ` ×${u.count}` : ''}`, text: unitText(u) })),
      ...s.support.map((x) => ({ label: `${x.name}${x.count > 1 ? ` ×${x.count}` : ''}`, text: supportText(x) })),
    ];
  };
  return { attacker: side('attacker'), defender: side('defender') };
}
