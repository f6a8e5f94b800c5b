import type { ProfileLine } from '../../combat/system';
import type { Role } from '../../combat/steps';
import type { Profile, Setup, Unit } from './setup';
import { fighting, roles, unitIndices, type State } from './state';
import { weaponNames } from './weapons';

/**
 * What a printed summary needs from the old-world game beyond the view: who won, and the profiles.
 *
 * A side wins the combat when every enemy unit has left it (destroyed, fled or caught) while it
 * still has a unit; a combat stopped with both sides fighting goes to the winner of its last round
 * (RULES §3: a drawn round has no loser, so a draw).
 */
export function winnerOf(state: State): Role | 'draw' | null {
  const inCombat = (role: Role) =>
    unitIndices(state.setup, role).some(
      (u) => fighting(state, role, u) || ['pursuing', 'overran'].includes(state.status[`${role}.${u}`] ?? ''),
    );
  const [a, d] = roles.map(inCombat) as [boolean, boolean];
  if (a && !d) return 'attacker';
  if (d && !a) return 'defender';
  if (!a && !d) return 'draw';
  if (state.result === null) return null;
  return state.result.winner ?? 'draw';
}

const statLine = (p: Profile) =>
  [
    `M${p.movement} WS${p.weaponSkill} S${p.strength} T${p.toughness} W${p.wounds} I${p.initiative} A${p.attacks} Ld${p.leadership}`,
    p.armour >= 7 ? 'no armour' : `Sv ${p.armour}+`,
    p.ward !== null && `ward ${p.ward}+`,
    p.weapon !== undefined && p.weapon !== 'hand weapon' && weaponNames[p.weapon],
    p.shield === true && 'shield',
    p.troopType,
  ]
    .filter((part): part is string => typeof part === 'string')
    .join(' · ');

function unitLines(u: Unit): ProfileLine[] {
  const rules = [
    u.standard && 'standard',
    u.battleStandard && 'battle standard',
    u.musician && 'musician',
    u.charged && 'charged',
    u.facing !== 'front' && `in the enemy's ${u.facing}`,
    u.highGround && 'higher ground',
    u.defendedObstacle && 'defended obstacle',
    u.noRankBonus && 'fast cavalry/skirmishers',
    u.causesTerror ? 'causes terror' : u.causesFear && 'causes fear',
    u.stubborn && 'stubborn',
    u.unbreakable && 'unbreakable',
    u.immuneToPsychology && 'immune to psychology',
  ].filter((part): part is string => typeof part === 'string');
  return [
    ...(u.models > 0
      ? [{ label: `${u.name} ×${u.models}, ${u.rankWidth} wide`, text: [statLine(u.profile), ...rules].join(' · ') }]
      : []),
    ...u.characters.map((c) => ({ label: `${c.name} (in ${u.name})`, text: statLine(c.profile) })),
  ];
}

export function profilesOf(setup: Setup): Record<Role, ProfileLine[]> {
  return { attacker: setup.attacker.units.flatMap(unitLines), defender: setup.defender.units.flatMap(unitLines) };
}
