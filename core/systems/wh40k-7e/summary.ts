import type { ProfileLine } from '../../combat/system';
import type { Role } from '../../combat/steps';
import type { Setup } from './setup';
import { attacksPerModel, roles, type State } from './state';
import { weaponText } from './strikes';

/**
 * What a printed summary needs beyond the view: who won, and the profiles each side used.
 *
 * A unit wiped out, swept away or falling back has lost (both wiped out: a draw); a combat stopped
 * with both units locked goes to the winner of its last round (RULES §2: a drawn round, a draw).
 */
export function winnerOf(state: State): Role | 'draw' | null {
  const out = (role: Role) => ['wipedOut', 'fellBack', 'swept'].includes(state.fate[role]);
  const [a, d] = roles.map(out) as [boolean, boolean];
  if (a && d) return 'draw';
  if (a) return 'defender';
  if (d) return 'attacker';
  if (state.stalemate) return 'draw';
  if (state.result === null) return null;
  return state.result.winner ?? 'draw';
}

function sideLines(setup: Setup, role: Role): ProfileLine[] {
  const side = setup[role];
  const rules = [
    side.charged && 'charged',
    side.fearless && 'Fearless',
    side.stubborn && 'Stubborn',
    side.atsknf && 'And They Shall Know No Fear',
  ].filter((r): r is string => typeof r === 'string');
  const lines = side.models.map((g, group) => ({
    label: `${g.name} ×${g.count}`,
    text: [
      `WS${g.weaponSkill} S${g.strength} T${g.toughness} W${g.wounds} I${g.initiative} A${g.attacks} Ld${g.leadership}`,
      g.save === null ? 'no armour save' : `Sv ${g.save}+`,
      g.invulnerable !== null && `${g.invulnerable}++`,
      g.feelNoPain !== null && `Feel No Pain ${g.feelNoPain}+`,
      g.eternalWarrior && 'Eternal Warrior',
      weaponText(setup, role, group),
      g.twoWeapons && 'two close combat weapons',
      `${attacksPerModel(setup, role, group, 1)} attacks each in round 1`,
    ]
      .filter((p): p is string => typeof p === 'string')
      .join(' · '),
  }));
  return rules.length > 0 ? [...lines, { label: 'Special rules', text: rules.join(' · ') }] : lines;
}

export function profilesOf(setup: Setup): Record<Role, ProfileLine[]> {
  return { attacker: sideLines(setup, 'attacker'), defender: sideLines(setup, 'defender') };
}
