import type { CombatView, ModelView, UnitView } from '../../combat/view';
import { allocationText } from './allocation';
import { standings } from './flow';
import { properRanksOf } from './score';
import { heightName, MAX_RANK_BONUS } from './tables';
import {
  agilityOf,
  poolKey,
  poolName,
  poolsOf,
  profileOf,
  plural,
  roles,
  type PoolRef,
  type Role,
  type State,
} from './state';
import type { Profile } from './setup';

/** What the wizard shows: each unit's health pools model by model, its ranks and fate, where the round stands, and the log. */

const RANK_RULE = `a Proper Rank has 5+ models of Standard Height, 3+ of Large Height, none of Gigantic Height; +1 per Proper Rank, at most +${MAX_RANK_BONUS}`;

const statusText = {
  fighting: 'fighting',
  destroyed: 'wiped out',
  fled: 'fled',
  caught: 'caught and destroyed',
  pursuing: 'pursuing',
} as const;

export function profileTags(p: Profile): string[] {
  const tags = [
    `OS ${p.offensiveSkill}`,
    `DS ${p.defensiveSkill}`,
    `S ${p.strength}`,
    `AP ${p.armourPenetration}`,
    `Agi ${p.agility}`,
    `Att ${p.attacks}`,
    `HP ${p.healthPoints}`,
    `Res ${p.resilience}`,
    `Arm ${p.armour}`,
    `Dis ${p.discipline}`,
  ];
  if (p.aegis !== null) tags.push(`Aegis ${p.aegis}+`);
  if (p.fortitude !== null) tags.push(`Fortitude ${p.fortitude}+`);
  if (p.hitModifier !== 0) tags.push(`${p.hitModifier > 0 ? '+' : '−'}${Math.abs(p.hitModifier)} to hit`);
  return tags;
}

/** A pool's models, front first: whole models are removed from the rear, and the rearmost standing model carries the partial loss. */
function poolModels(state: State, p: PoolRef): ModelView[] {
  const profile = profileOf(state.setup, p);
  const hp = profile.healthPoints;
  const count = p.who === 'rf' ? state.setup[p.role].unit.models : 1;
  const lost = state.lost[poolKey(p)] ?? 0;
  const caught = state.status[p.role] === 'caught';
  const dead = Math.min(count, Math.floor(lost / hp));
  const partial = lost - dead * hp;
  const standing = caught ? 0 : count - dead;
  const tags = profileTags(profile);
  if (p.who !== 'rf') {
    tags.push('Character');
    if (state.setup[p.role].unit.characters[p.who]!.battleStandard) tags.push('Battle Standard Bearer');
  }
  const name = poolName(state.setup, p);
  return Array.from({ length: count }, (_, i) => {
    const left = i < standing - 1 ? hp : i === standing - 1 ? hp - partial : 0;
    return {
      id: `${p.role}.${p.who === 'rf' ? 'rf' : `c${p.who}`}.${i}`,
      name: count === 1 ? name : `${name} ${i + 1}`,
      wounds: hp,
      woundsLeft: left,
      destroyed: left <= 0,
      character: p.who !== 'rf',
      tags,
    };
  });
}

function unitView(state: State, role: Role): UnitView {
  const unit = state.setup[role].unit;
  const standing = standings(state)[role];
  const status = state.status[role];
  const caught = status === 'caught';
  const ranks = caught ? 0 : properRanksOf(unit, standing);
  const notes = [
    `Height: ${heightName(unit.height)}`,
    `${unit.width} wide`,
    ...(unit.standard ? ['Standard'] : []),
    ...(unit.charged && state.round === 1 ? ['charged: +1 Agility'] : []),
    ...(unit.facing !== 'front' ? [`in the enemy’s ${unit.facing}`] : []),
    `${plural(standing.hpLost, 'HP', 'HP')} lost this round`,
    // What became of the unit (fled, pursuing…) is its rank diagram's badge (formation.status), not a note too.
    ...(state.broke === role ? ['Broken'] : []),
  ];
  return {
    name: unit.name,
    models: poolsOf(state.setup, role).flatMap((p) => poolModels(state, p)),
    formation: {
      rankWidth: unit.width,
      rankAndFile: caught ? 0 : standing.rankAndFile,
      startingModels: unit.models,
      characters: caught ? 0 : standing.characters.filter(Boolean).length,
      // No Unit Strength: it is another game's term (issue 22); the models standing are said above.
      countingRanks: ranks,
      rankBonus: Math.min(MAX_RANK_BONUS, ranks),
      status: statusText[status],
      inCombat: status === 'fighting' || status === 'pursuing',
      wipedOut: status === 'destroyed' || status === 'caught',
      rankRule: RANK_RULE,
      facing: unit.facing,
    },
    notes,
  };
}

/** Where the melee stands, in a line or two. */
function statusLines(state: State): string[] {
  const { setup } = state;
  const lines: string[] = [];
  const rolling =
    state.phase === 'strikes' && state.agility !== null && state.parts.every((s) => s.allocation !== null);
  if (rolling) {
    // Every attack allocated: the roll's own lines say where they go; the status stays one line.
    lines.push(`Round ${state.round} · Agility ${state.agility}`);
  } else if (state.phase === 'strikes' && state.agility !== null) {
    const parts = state.parts.map(
      (s) =>
        `${poolName(setup, s.part)}: ${s.allocation ? allocationText(setup, s.part, s.allocation) : `${plural(s.attacks, 'attack')} to allocate`}`,
    );
    lines.push(`Round ${state.round} · Agility ${state.agility} · ${parts.join('; ')}`);
  } else if (state.phase === 'strikes') {
    lines.push(`Round ${state.round} · melee`);
  } else if (state.score) {
    lines.push(
      `Round ${state.round} · Combat Score ${setup.attacker.unit.name} ${state.score.attacker.total}, ${setup.defender.unit.name} ${state.score.defender.total}`,
    );
  }
  // The Agility order matters while the blows are struck; after them it is only clutter.
  if (state.phase === 'strikes' && !rolling) {
    const order = [
      ...new Set(
        poolsOf(setup, 'attacker')
          .concat(poolsOf(setup, 'defender'))
          .map((p) => agilityOf(setup, state.round, p)),
      ),
    ].sort((a, b) => b - a);
    lines.push(
      `Agility order: ${order.join(', ')}${roles.some((r) => setup[r].unit.charged) && state.round === 1 ? ' (chargers +1)' : ''}`,
    );
  }
  return lines;
}

export function viewOf(state: State): CombatView {
  const side = (role: Role) => ({
    name: state.setup[role].name,
    units: [unitView(state, role)],
    notes: [
      ...(state.setup[role].unit.charged ? ['charged'] : []),
      ...(state.score?.winner === role ? [`won round ${state.round} by ${state.score.difference}`] : []),
    ],
  });
  return {
    sides: { attacker: side('attacker'), defender: side('defender') },
    log: state.log,
    status: statusLines(state),
  };
}
