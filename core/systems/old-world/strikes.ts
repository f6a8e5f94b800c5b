import type { Reason } from '../../combat/steps';
import {
  engagedWith,
  fighting,
  memberName,
  membersOf,
  modelsLeft,
  otherRole,
  profileOf,
  roles,
  unitOf,
  woundsLeft,
  type MemberRef,
  type Role,
  type State,
} from './state';
import { armourModifier, armourSaveFace, toHitScore, toWoundScore } from './tables';

/**
 * Who strikes, in what order, at whom and needing what (seed 002, "Order of Combat" to "Take
 * Armour Saves"; RULES §3). Pure functions of the state, shared by the engine and the analysis.
 */

/** A pool's place in the order of strikes. */
export interface StrikeSlot {
  by: MemberRef;
  /** Strikes first because its unit charged this turn (first round only). */
  charged: boolean;
  initiative: number;
}

const inChallenge = (state: Pick<State, 'setup'>, m: MemberRef): boolean => {
  const c = state.setup.challenge;
  return c !== null && m.character !== null && c[m.role].unit === m.unit && c[m.role].character === m.character;
};

/**
 * Seed 002: chargers strike first; otherwise by Initiative; at equal Initiative the side that won
 * the previous round first, else the roll-off winner. Same side, same step: rank-and-file, then
 * characters, in setup order (their order does not change what they do).
 */
export function strikeOrder(state: Pick<State, 'setup' | 'round' | 'status' | 'previousWinner' | 'rollOffWinner'>): StrikeSlot[] {
  const slots: StrikeSlot[] = [];
  for (const role of roles) {
    state.setup[role].units.forEach((u, unit) => {
      if (!fighting(state, role, unit)) return;
      for (const by of membersOf(state.setup, role, unit)) {
        slots.push({ by, charged: state.round === 1 && u.charged, initiative: profileOf(state.setup, by).initiative });
      }
    });
  }
  const first = state.previousWinner ?? state.rollOffWinner;
  const sideRank = (r: Role) => (first === null ? 0 : r === first ? 0 : 1);
  return slots
    .map((s, i) => ({ s, i }))
    .sort((a, b) => Number(b.s.charged) - Number(a.s.charged) || b.s.initiative - a.s.initiative || sideRank(a.s.by.role) - sideRank(b.s.by.role) || a.i - b.i)
    .map(({ s }) => s);
}

/**
 * Whether a roll-off is needed for this round: no previous winner, and two pools of opposite
 * sides would strike at the same step (same Initiative, both charging or both not).
 */
export function needsRollOff(state: Pick<State, 'setup' | 'round' | 'status' | 'previousWinner' | 'rollOffWinner'>): boolean {
  if (state.previousWinner !== null) return false;
  const slots = strikeOrder({ ...state, rollOffWinner: null });
  return slots.some((a) => slots.some((b) => a.by.role !== b.by.role && a.charged === b.charged && a.initiative === b.initiative));
}

/**
 * Whom a pool strikes now: its challenger in a challenge; otherwise the character its unit singles
 * out (while he stands), else the unit it fights, its rank-and-file while any stand, then its
 * characters not in a challenge; if that unit is gone, another enemy unit still in contact.
 * Null: nobody left to strike.
 */
export function targetOf(state: Pick<State, 'setup' | 'lost' | 'status'>, by: MemberRef): MemberRef | null {
  const { setup, lost } = state;
  const other = otherRole(by.role);
  if (inChallenge(state, by)) {
    const c = setup.challenge![other];
    const foe: MemberRef = { role: other, unit: c.unit, character: c.character };
    return woundsLeft(setup, lost, foe) > 0 ? foe : null;
  }
  const { target: own, attacksAt } = unitOf(setup, by.role, by.unit);
  // A character the unit singles out, while he stands, fights and is not in a challenge.
  if (attacksAt !== null && fighting(state, other, own)) {
    const picked: MemberRef = { role: other, unit: own, character: attacksAt };
    if (unitOf(setup, other, own).characters[attacksAt] && !inChallenge(state, picked) && woundsLeft(setup, lost, picked) > 0) return picked;
  }
  const candidates = [own, ...engagedWith(setup, by.role, by.unit).filter((j) => j !== own)];
  for (const unit of candidates) {
    if (!fighting(state, other, unit)) continue;
    const pool = membersOf(setup, other, unit).find((m) => !inChallenge(state, m) && woundsLeft(setup, lost, m) > 0);
    if (pool) return pool;
  }
  return null;
}

/** Models of a pool that strike now: a character alone; rank-and-file in base contact (a full front rank unless set). */
export function strikingModels(state: Pick<State, 'setup' | 'lost'>, by: MemberRef): number {
  const left = modelsLeft(state.setup, state.lost, by);
  if (by.character !== null) return left;
  const u = unitOf(state.setup, by.role, by.unit);
  return Math.min(left, u.inContact ?? u.rankWidth);
}

export const attacksOf = (state: Pick<State, 'setup' | 'lost'>, by: MemberRef) => strikingModels(state, by) * profileOf(state.setup, by).attacks;

/** A D6 test with its reasons: each die passes on `face` or more; null = it cannot pass. */
export interface Test {
  face: number | null;
  why: Reason[];
}

export function hitTest(state: Pick<State, 'setup' | 'hasWonRound'>, by: MemberRef, target: MemberRef): Test {
  const a = profileOf(state.setup, by).weaponSkill;
  const d = profileOf(state.setup, target).weaponSkill;
  const obstacle = unitOf(state.setup, target.role, target.unit).defendedObstacle && !state.hasWonRound[by.role];
  const face = toHitScore(a, d, obstacle);
  const why: Reason[] = obstacle
    ? [{ rule: 'Defended obstacle', detail: `${memberName(state.setup, target)} is behind a defended obstacle: hits only on 6s until ${by.role === 'attacker' ? 'the attacker' : 'the defender'} wins a round` }]
    : [{ rule: 'To Hit table', detail: `WS${a} against WS${d} → ${face}+ (a 1 always misses, a 6 always hits)` }];
  return { face, why };
}

export function woundTest(state: Pick<State, 'setup'>, by: MemberRef, target: MemberRef): Test {
  const s = profileOf(state.setup, by).strength;
  const t = profileOf(state.setup, target).toughness;
  const face = toWoundScore(s, t);
  return { face, why: [{ rule: 'To Wound table', detail: `S${s} against T${t} → ${face === null ? 'N: cannot wound' : `${face}+`}` }] };
}

export function armourTest(state: Pick<State, 'setup'>, by: MemberRef, target: MemberRef): Test {
  const s = profileOf(state.setup, by).strength;
  const sv = profileOf(state.setup, target).armour;
  const face = sv >= 7 ? null : armourSaveFace(sv, s);
  const mod = armourModifier(s);
  const detail =
    sv >= 7
      ? 'no armour save'
      : face === null
        ? `Sv ${sv}+ with S${s} (${mod}) → no save left`
        : `Sv ${sv}+ with S${s} (${mod === 0 ? 'no modifier' : mod}) → ${face}+${face === 2 && sv - mod < 2 ? ' (a 1 always fails)' : ''}`;
  return { face, why: [{ rule: 'Armour save (Strength modifier)', detail }] };
}

export function wardTest(state: Pick<State, 'setup'>, target: MemberRef): Test {
  const w = profileOf(state.setup, target).ward;
  return { face: w, why: [{ rule: 'Ward save', detail: w === null ? 'no ward save' : `${w}+, never modified` }] };
}

/** P(a D6 shows `face` or more). */
export const pass = (face: number | null) => (face === null ? 0 : Math.max(0, Math.min(6, 7 - face)) / 6);

/** The chance one attack of `by` on `target` becomes an unsaved wound. */
export function woundChance(state: Pick<State, 'setup' | 'hasWonRound'>, by: MemberRef, target: MemberRef): number {
  return (
    pass(hitTest(state, by, target).face) *
    pass(woundTest(state, by, target).face) *
    (1 - pass(armourTest(state, by, target).face)) *
    (1 - pass(wardTest(state, target).face))
  );
}
