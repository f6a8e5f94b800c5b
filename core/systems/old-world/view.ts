import { flankerCancellingRanks } from './result';
import { countingRanks, MAX_RANK_BONUS, MIN_RANK_WIDTH, rankBonus } from './tables';
import { weaponNames } from './weapons';

const capitalized = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
import type { CombatView, ModelView, UnitView } from '../../combat/view';
import {
  memberName,
  otherRole,
  membersOf,
  modelsLeft,
  profileOf,
  unitKey,
  unitOf,
  unitStrength,
  type MemberRef,
  type Role,
  type State,
} from './state';

/** What the wizard shows: every unit's models front rank first, its formation and status, and the log. */
export function viewOf(state: State): CombatView {
  const side = (role: Role) => ({
    name: state.setup[role].name,
    units: state.setup[role].units.map((_, unit) => unitView(state, role, unit)),
  });
  return { sides: { attacker: side('attacker'), defender: side('defender') }, log: state.log };
}

/** RULES §3, in words for the rank diagram's key. */
const RANK_RULE = `+1 per rank of ${MIN_RANK_WIDTH}+ models after the first, max +${MAX_RANK_BONUS}, counted at the start of each round`;

const statusText: Record<string, string> = {
  fighting: 'fighting',
  destroyed: 'destroyed',
  fled: 'fled',
  caught: 'caught and destroyed',
  pursuing: 'pursuing',
  overran: 'overran',
};

function unitView(state: State, role: Role, unit: number): UnitView {
  const u = unitOf(state.setup, role, unit);
  const models = membersOf(state.setup, role, unit).flatMap((m) => poolModels(state, m));
  // Caught by a pursuit: nothing of the unit is left (seed 002, "Pursuit").
  const status = state.status[unitKey(role, unit)] ?? 'fighting';
  const caught = status === 'caught';
  const flanker =
    state.status[unitKey(role, unit)] === 'fighting' ? flankerCancellingRanks(state, role, unit) : undefined;
  const rankAndFile =
    u.models > 0 && !caught ? modelsLeft(state.setup, state.lost, { role, unit, character: null }) : 0;
  // RULES §3: ranks count as they stood at the start of the round — the bonus this round's combat
  // result gives; as the unit stands now is what the next round will count.
  const atStart = u.models > 0 ? modelsLeft(state.setup, state.roundStart, { role, unit, character: null }) : 0;
  const flankerAtStart =
    state.statusAtStart[unitKey(role, unit)] === 'fighting'
      ? flankerCancellingRanks({ setup: state.setup, lost: state.roundStart, status: state.statusAtStart }, role, unit)
      : undefined;
  const bonusThisRound = u.noRankBonus || flankerAtStart !== undefined ? 0 : rankBonus(atStart, u.rankWidth);
  const bonusNow = u.noRankBonus || flanker !== undefined ? 0 : rankBonus(rankAndFile, u.rankWidth);
  const notes = [
    ...(flanker !== undefined && rankBonus(rankAndFile, u.rankWidth) > 0 && !u.noRankBonus
      ? [
          `ranks cancelled: ${unitOf(state.setup, otherRole(role), flanker).name} (US 5+) in its ${unitOf(state.setup, otherRole(role), flanker).facing}`,
        ]
      : []),
    ...(bonusNow !== bonusThisRound && status === 'fighting'
      ? [`counted at the start of this round; +${bonusNow} as it stands now`]
      : []),
  ];
  return {
    name: u.name,
    models,
    formation: {
      rankWidth: u.rankWidth,
      rankAndFile,
      startingModels: u.models,
      characters: u.characters.length,
      unitStrength: caught ? 0 : unitStrength(state.setup, state.lost, role, unit),
      countingRanks: countingRanks(atStart, u.rankWidth),
      rankBonus: bonusThisRound,
      ...(notes.length > 0 ? { rankNote: notes.join('; ') } : {}),
      status: statusText[status]!,
      inCombat: status === 'fighting' || status === 'pursuing' || status === 'overran',
      wipedOut: status === 'destroyed' || status === 'caught',
      rankRule: RANK_RULE,
      facing: u.facing,
    },
  };
}

/** A pool's models, front rank first: casualties come from the rear, and the rearmost standing model carries the partial wounds. */
function poolModels(state: State, m: MemberRef): ModelView[] {
  const p = profileOf(state.setup, m);
  const name = memberName(state.setup, m);
  const count = m.character === null ? unitOf(state.setup, m.role, m.unit).models : 1;
  const lost =
    state.lost[m.character === null ? unitKey(m.role, m.unit) : `${unitKey(m.role, m.unit)}.c${m.character}`] ?? 0;
  const dead = Math.min(count, Math.floor(lost / p.wounds));
  const partial = lost - dead * p.wounds;
  // Caught by a pursuit: the whole unit is destroyed (seed 002, "Pursuit").
  const caught = state.status[unitKey(m.role, m.unit)] === 'caught';
  const standing = caught ? 0 : count - dead;
  const tags = [
    `WS${p.weaponSkill}`,
    `S${p.strength}`,
    `T${p.toughness}`,
    `I${p.initiative}`,
    `A${p.attacks}`,
    `Ld${p.leadership}`,
    p.armour >= 7 ? 'no armour' : `Sv ${p.armour}+`,
  ];
  if (p.ward !== null) tags.push(`Ward ${p.ward}+`);
  if (p.weapon && p.weapon !== 'hand weapon') tags.push(capitalized(weaponNames[p.weapon]));
  if (p.shield) tags.push('Shield');
  if (m.character !== null) tags.push('Character');
  return Array.from({ length: count }, (_, i) => {
    const left = i < standing - 1 ? p.wounds : i === standing - 1 ? p.wounds - (caught ? p.wounds : partial) : 0;
    const id = `${m.role}.${m.unit}.${m.character === null ? 'r' : `c${m.character}`}.${i}`;
    return {
      id,
      name: count === 1 ? name : `${name} ${i + 1}`,
      wounds: p.wounds,
      woundsLeft: left,
      destroyed: left <= 0,
      character: m.character !== null,
      tags,
    };
  });
}
