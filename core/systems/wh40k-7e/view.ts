import type { CombatView, ModelView, UnitView } from '../../combat/view';
import { lockedModel } from './allocation';
import { poolLabel, poolSummary } from './pools';
import { woundsLost } from './result';
import {
  attacksPerModel,
  groupOf,
  modelName,
  otherRole,
  plural,
  roles,
  times,
  type Pool,
  type Role,
  type State,
} from './state';
import { groupStrength, weaponText } from './strikes';
import { apText } from './tables';

/**
 * What the wizard shows (core/combat/view.ts): both units model by model with their wounds left
 * and their profile as tags, what each unit has lost this round, and where the combat stands
 * (round, Initiative step, who strikes, the wound pools as they form, the pool being allocated).
 */
export function viewOf(state: State): CombatView {
  const side = (role: Role) => ({
    name: state.setup[role].name,
    units: [unitView(state, role)],
    notes: sideNotes(state, role),
  });
  return {
    sides: { attacker: side('attacker'), defender: side('defender') },
    log: state.log,
    status: statusLines(state),
  };
}

function sideNotes(state: State, role: Role): string[] {
  const s = state.setup[role];
  return [
    s.charged ? (state.round === 1 ? 'charged: +1 Attack this round' : 'charged in round 1') : '',
    s.fearless ? 'Fearless' : '',
    s.stubborn ? 'Stubborn' : '',
    s.atsknf ? 'And They Shall Know No Fear' : '',
  ].filter(Boolean);
}

const fateNote: Record<State['fate'][Role], string> = {
  fighting: 'locked in combat: every model in base contact',
  wipedOut: 'wiped out',
  fellBack: 'broken: falls back',
  swept: 'destroyed by a Sweeping Advance',
  heldByATSKNF: 'caught by a Sweeping Advance, still locked in combat (And They Shall Know No Fear)',
};

function unitView(state: State, role: Role): UnitView {
  const lost = woundsLost(state.roundStart[role], state.wounds[role]);
  const notes = [fateNote[state.fate[role]], `${plural(lost, 'wound')} lost this round`];
  if (state.broken === role && state.fate[role] === 'fighting') notes.push('failed its Morale check');
  // Seed 000: the model with a wound of the pool allocated takes the rest until it is removed.
  const a = state.allocation;
  const lock = a && otherRole(a.by) === role ? lockedModel(a, state.wounds[role]) : null;
  if (lock) notes.push(`${modelName(state.setup, role, lock.group, lock.model)} keeps taking this pool's wounds`);
  return { name: state.setup[role].name, models: modelViews(state, role), notes };
}

function groupTags(state: State, role: Role, group: number): string[] {
  const g = groupOf(state.setup, role, group);
  const s = groupStrength(state.setup, role, group);
  return [
    `WS${g.weaponSkill}`,
    `S${g.strength}`,
    `T${g.toughness}`,
    `I${g.initiative}`,
    `A${attacksPerModel(state.setup, role, group, state.round)}`,
    `Ld${g.leadership}`,
    g.save === null ? 'no armour save' : `Sv ${g.save}+`,
    ...(g.invulnerable !== null ? [`${g.invulnerable}++`] : []),
    ...(g.feelNoPain !== null ? [`FNP ${g.feelNoPain}+`] : []),
    ...(g.eternalWarrior ? ['Eternal Warrior'] : []),
    `${g.weapon.name}: ${s === 'D' ? 'S D' : `S${s}`} AP${apText(g.weapon.ap)}`,
    ...(g.weapon.unwieldy ? ['Unwieldy: strikes at I1'] : []),
    ...(g.twoWeapons ? ['two weapons'] : []),
  ];
}

function modelViews(state: State, role: Role): ModelView[] {
  return state.wounds[role].flatMap((models, group) => {
    const g = groupOf(state.setup, role, group);
    const tags = groupTags(state, role, group);
    const gone = state.fate[role] === 'swept';
    return models.map((left, i) => ({
      id: `${role}.${group}.${i}`,
      name: modelName(state.setup, role, group, i),
      wounds: g.wounds,
      woundsLeft: gone ? 0 : left,
      destroyed: gone || left <= 0,
      character: false,
      // The models of a group are identical but for their wounds: the wizard draws them together.
      group: { id: `${role}.${group}`, name: g.name },
      tags,
    }));
  });
}

/** Who the run's wounds go onto, in words: "the Sergeant", "Ork Boy models". */
function runTargetText(state: State): string {
  const a = state.allocation!;
  const foe = otherRole(a.by);
  const g = groupOf(state.setup, foe, a.run!.group);
  if (a.run!.lockOnly && a.lock) return modelName(state.setup, foe, a.lock.group, a.lock.model);
  if (a.run!.groups.length > 1)
    return `${a.run!.groups.map((x) => groupOf(state.setup, foe, x).name).join(' and ')} models`;
  return g.count === 1 ? g.name : `${g.name} models`;
}

function statusLines(state: State): string[] {
  const { setup } = state;
  switch (state.phase) {
    case 'strikes': {
      const lines = [`Round ${state.round} · Initiative step ${state.initiative}`];
      // The unit is named where both strike; one striking alone is the step card's "… rolls" (a line fewer on a laptop).
      const both = roles.every((role) => state.strikers[role].length > 0);
      const who = roles.flatMap((role) =>
        state.strikers[role].map(
          (group) =>
            `${times(state.wounds[role][group]!.filter((w) => w > 0).length, groupOf(setup, role, group).name)}${both ? ` (${setup[role].name})` : ''} with ${weaponText(setup, role, group)}`,
        ),
      );
      if (who.length > 0) lines.push(`Strike now: ${who.join('; ')}`);
      const a = state.allocation;
      // Wounds of the pool being allocated that are on a model now (being saved) still count as the pool's.
      const resolving = a?.run ? a.run.count - a.run.applied : 0;
      const pending = (role: Role, p: Pool) => p.wounds + (a && a.by === role && a.pool === p.key ? resolving : 0);
      for (const role of roles) {
        const pools = state.pools[role].filter((p) => pending(role, p) > 0);
        if (pools.length > 0)
          lines.push(
            `Wound pools of ${setup[role].name} on ${setup[otherRole(role)].name}: ${pools.map((p) => poolSummary({ ...p, wounds: pending(role, p) })).join(', ')}`,
          );
      }
      if (a) {
        const pool = state.pools[a.by].find((p) => p.key === a.pool);
        const foe = otherRole(a.by);
        const now = a.run ? `${plural(resolving, 'wound')} going onto ${runTargetText(state)}` : '';
        const left = pool && pool.wounds > 0 ? `${plural(pool.wounds, 'wound')} ${a.run ? 'more ' : ''}to place` : '';
        if (pool)
          lines.push(
            `Allocating ${poolLabel(pool)} to ${setup[foe].name}: ${[now, left].filter(Boolean).join(', ') || 'the last wound'}`,
          );
      }
      return lines;
    }
    case 'result':
      return [`Round ${state.round} · combat result`];
    case 'morale':
      return [`Round ${state.round} · Morale check for ${setup[otherRole(state.result!.winner!)].name}`];
    case 'sweep':
      return [
        `Round ${state.round} · Sweeping Advance: ${setup[state.result!.winner!].name} against ${setup[otherRole(state.result!.winner!)].name}`,
      ];
    case 'roundEnd':
      return [`Round ${state.round} is over: both units still locked in combat`];
    case 'over':
      return ['The combat is over'];
  }
}
