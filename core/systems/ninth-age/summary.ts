import type { ProfileLine } from '../../combat/system';
import type { Role } from '../../combat/steps';
import type { Setup, Unit } from './setup';
import type { State } from './state';
import { heightName } from './tables';
import { profileTags } from './view';

/**
 * What a printed summary needs beyond the view: who won, and the profiles. A side wins the melee
 * when the enemy unit is wiped out, fled or was caught while its own unit stands; a melee stopped
 * with both units fighting goes to the winner of its last round (equal scores: a draw).
 */
export function winnerOf(state: State): Role | 'draw' | null {
  const out = (r: Role) => ['destroyed', 'fled', 'caught'].includes(state.status[r]);
  const a = out('attacker');
  const d = out('defender');
  if (a && d) return 'draw';
  if (d) return 'attacker';
  if (a) return 'defender';
  if (state.score === null) return null;
  return state.score.winner ?? 'draw';
}

function unitLines(unit: Unit): ProfileLine[] {
  const rules = [
    `Height: ${heightName(unit.height)}`,
    `${unit.width} wide`,
    unit.standard && 'Standard',
    unit.charged && 'charged',
    unit.facing !== 'front' && `in the enemy’s ${unit.facing}`,
    `supporting attacks ${unit.supportingAttacks}`,
  ].filter((x): x is string => typeof x === 'string');
  return [
    ...(unit.models > 0
      ? [{ label: `${unit.name} ×${unit.models}`, text: [...profileTags(unit.profile), ...rules].join(' · ') }]
      : []),
    ...unit.characters.map((c) => ({
      label: `${c.name} (in ${unit.name})`,
      text: [...profileTags(c.profile), ...(c.battleStandard ? ['Battle Standard Bearer'] : [])].join(' · '),
    })),
  ];
}

export function profilesOf(setup: Setup): Record<Role, ProfileLine[]> {
  return { attacker: unitLines(setup.attacker.unit), defender: unitLines(setup.defender.unit) };
}
