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
import {
  fightsInExtraRank,
  shieldBonus,
  strikesLast,
  weaponAttacks,
  weaponNames,
  weaponStrength,
  type Moment,
} from './weapons';

/**
 * Who strikes, in what order, at whom and needing what (seed 002, "Order of Combat" to "Take
 * Armour Saves"; RULES §3). Pure functions of the state, shared by the engine and the analysis.
 */

/** A pool's place in the order of strikes. */
export interface StrikeSlot {
  by: MemberRef;
  /** Strikes first because its unit charged this turn (first round only). */
  charged: boolean;
  /** Strikes last whatever its Initiative (a great weapon), even on the charge. */
  last: boolean;
  initiative: number;
}

const inChallenge = (state: Pick<State, 'setup'>, m: MemberRef): boolean => {
  const c = state.setup.challenge;
  return c !== null && m.character !== null && c[m.role].unit === m.unit && c[m.role].character === m.character;
};

/**
 * Seed 002: chargers strike first; otherwise by Initiative; a great weapon strikes last, even on the
 * charge (among those striking last, by Initiative); at equal Initiative the side that won
 * the previous round first, else the roll-off winner. Same side, same step: rank-and-file, then
 * characters, in setup order (their order does not change what they do).
 */
export function strikeOrder(
  state: Pick<State, 'setup' | 'round' | 'status' | 'previousWinner' | 'rollOffWinner'>,
): StrikeSlot[] {
  const slots: StrikeSlot[] = [];
  for (const role of roles) {
    state.setup[role].units.forEach((u, unit) => {
      if (!fighting(state, role, unit)) return;
      for (const by of membersOf(state.setup, role, unit)) {
        const p = profileOf(state.setup, by);
        slots.push({
          by,
          last: strikesLast(p),
          charged: state.round === 1 && u.charged && !strikesLast(p),
          initiative: p.initiative,
        });
      }
    });
  }
  const first = state.previousWinner ?? state.rollOffWinner;
  const sideRank = (r: Role) => (first === null ? 0 : r === first ? 0 : 1);
  return slots
    .map((s, i) => ({ s, i }))
    .sort(
      (a, b) =>
        Number(a.s.last) - Number(b.s.last) ||
        Number(b.s.charged) - Number(a.s.charged) ||
        b.s.initiative - a.s.initiative ||
        sideRank(a.s.by.role) - sideRank(b.s.by.role) ||
        a.i - b.i,
    )
    .map(({ s }) => s);
}

/**
 * Whether a roll-off is needed for this round: no previous winner, and two pools of opposite
 * sides would strike at the same step (same Initiative, both charging or both not).
 */
export function needsRollOff(
  state: Pick<State, 'setup' | 'round' | 'status' | 'previousWinner' | 'rollOffWinner'>,
): boolean {
  if (state.previousWinner !== null) return false;
  const slots = strikeOrder({ ...state, rollOffWinner: null });
  return slots.some((a) =>
    slots.some(
      (b) => a.by.role !== b.by.role && a.last === b.last && a.charged === b.charged && a.initiative === b.initiative,
    ),
  );
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
    if (
      unitOf(setup, other, own).characters[attacksAt] &&
      !inChallenge(state, picked) &&
      woundsLeft(setup, lost, picked) > 0
    )
      return picked;
  }
  const candidates = [own, ...engagedWith(setup, by.role, by.unit).filter((j) => j !== own)];
  for (const unit of candidates) {
    if (!fighting(state, other, unit)) continue;
    const pool = membersOf(setup, other, unit).find((m) => !inChallenge(state, m) && woundsLeft(setup, lost, m) > 0);
    if (pool) return pool;
  }
  return null;
}

/**
 * Characters standing in a unit's front rank (6th edition: a character who joins a unit takes a
 * place in its front rank, in place of a rank-and-file model; one who falls is replaced by one).
 */
export function charactersInFront(state: Pick<State, 'setup' | 'lost'>, role: Role, unit: number): number {
  return membersOf(state.setup, role, unit).filter(
    (m) => m.character !== null && woundsLeft(state.setup, state.lost, m) > 0,
  ).length;
}

/**
 * Models of a pool that strike now: a character alone; rank-and-file in base contact — unless
 * set, the front rank less the characters standing in it (a 5-wide unit with its Captain fights
 * with 4 rank-and-file models and the Captain).
 */
export function strikingModels(state: Pick<State, 'setup' | 'lost'>, by: MemberRef): number {
  const left = modelsLeft(state.setup, state.lost, by);
  if (by.character !== null) return left;
  const u = unitOf(state.setup, by.role, by.unit);
  const front = u.inContact ?? Math.max(0, u.rankWidth - charactersInFront(state, by.role, by.unit));
  // Infantry with spears fight in one more rank: the models behind those in contact.
  const second = fightsInExtraRank(u.profile) ? (u.inContact ?? u.rankWidth) : 0;
  return Math.min(left, front + second);
}

/** Attacks of a pool: its models that strike, each with its Attacks (+1 with an additional hand weapon). */
export const attacksOf = (state: Pick<State, 'setup' | 'lost'>, by: MemberRef) => {
  const p = profileOf(state.setup, by);
  return strikingModels(state, by) * (p.attacks + weaponAttacks(p));
};

/** When a pool fights: the round, and whether its unit charged (its weapon's bonus may depend on them). */
const momentOf = (state: Pick<State, 'setup' | 'round'>, m: MemberRef): Moment => ({
  round: state.round,
  charged: unitOf(state.setup, m.role, m.unit).charged,
});

/** Strength a pool strikes with: its own, with what its weapon adds now (at most 10). */
export function strengthOf(state: Pick<State, 'setup' | 'round'>, m: MemberRef): { value: number; words: string } {
  const p = profileOf(state.setup, m);
  const bonus = weaponStrength(p, momentOf(state, m));
  const value = strengthValue(state, m);
  return {
    value,
    words: bonus > 0 ? `S${value} (${p.strength} +${bonus} ${weaponNames[p.weapon ?? 'hand weapon']})` : `S${value}`,
  };
}

/** The Strength alone, without its words (what the dice need, for the play-outs that read only that). */
const strengthValue = (state: Pick<State, 'setup' | 'round'>, m: MemberRef): number => {
  const p = profileOf(state.setup, m);
  return Math.min(10, p.strength + weaponStrength(p, momentOf(state, m)));
};

/** A D6 test with its reasons: each die passes on `face` or more; null = it cannot pass. */
export interface Test {
  face: number | null;
  why: Reason[];
}

/** Seed 002: a defended obstacle makes the defenders hit only on 6s until the striker's side wins a round. */
const behindObstacle = (state: Pick<State, 'setup' | 'hasWonRound'>, by: MemberRef, target: MemberRef) =>
  unitOf(state.setup, target.role, target.unit).defendedObstacle && !state.hasWonRound[by.role];

export function hitTest(state: Pick<State, 'setup' | 'hasWonRound'>, by: MemberRef, target: MemberRef): Test {
  const a = profileOf(state.setup, by).weaponSkill;
  const d = profileOf(state.setup, target).weaponSkill;
  const obstacle = behindObstacle(state, by, target);
  const face = hitFace(state, by, target);
  const why: Reason[] = obstacle
    ? [
        {
          rule: 'Defended obstacle',
          detail: `${memberName(state.setup, target)} is behind a defended obstacle: hits only on 6s until ${by.role === 'attacker' ? 'the attacker' : 'the defender'} wins a round`,
        },
      ]
    : [{ rule: 'To Hit table', detail: `WS${a} against WS${d} → ${face}+ (a 1 always misses, a 6 always hits)` }];
  return { face, why };
}

export function woundTest(state: Pick<State, 'setup' | 'round'>, by: MemberRef, target: MemberRef): Test {
  const strength = strengthOf(state, by);
  const t = profileOf(state.setup, target).toughness;
  const face = woundFace(state, by, target);
  return {
    face,
    why: [
      {
        rule: 'To Wound table',
        detail: `${strength.words} against T${t} → ${face === null ? 'N: cannot wound' : `${face}+`}`,
      },
    ],
  };
}

export function armourTest(state: Pick<State, 'setup' | 'round'>, by: MemberRef, target: MemberRef): Test {
  const s = strengthValue(state, by);
  const shield = shieldBonus(profileOf(state.setup, target));
  const sv = armourValue(state, target);
  const face = armourFace(state, by, target);
  const mod = armourModifier(s);
  const detail =
    sv >= 7
      ? 'no armour save'
      : face === null
        ? `Sv ${sv}+ with S${s} (${mod}) → no save left`
        : `Sv ${sv}+ with S${s} (${mod === 0 ? 'no modifier' : mod}) → ${face}+${face === 2 && sv - mod < 2 ? ' (a 1 always fails)' : ''}`;
  return {
    face,
    why: [
      {
        rule: 'Armour save (Strength modifier)',
        detail: shield > 0 ? `${detail} (hand weapon and shield: +1)` : detail,
      },
    ],
  };
}

export function wardTest(state: Pick<State, 'setup'>, target: MemberRef): Test {
  const w = wardFace(state, target);
  return { face: w, why: [{ rule: 'Ward save', detail: w === null ? 'no ward save' : `${w}+, never modified` }] };
}

/**
 * The face each test's dice need, without its words: the tests above take their faces from these,
 * and the play-outs, which read only the faces (where the dice go next), ask these alone.
 */
export const hitFace = (state: Pick<State, 'setup' | 'hasWonRound'>, by: MemberRef, target: MemberRef): number =>
  toHitScore(
    profileOf(state.setup, by).weaponSkill,
    profileOf(state.setup, target).weaponSkill,
    behindObstacle(state, by, target),
  );

export const woundFace = (state: Pick<State, 'setup' | 'round'>, by: MemberRef, target: MemberRef): number | null =>
  toWoundScore(strengthValue(state, by), profileOf(state.setup, target).toughness);

/** The armour save before the Strength modifier: the armour, a shield with a hand weapon +1. */
const armourValue = (state: Pick<State, 'setup'>, target: MemberRef) =>
  profileOf(state.setup, target).armour - shieldBonus(profileOf(state.setup, target));

export const armourFace = (state: Pick<State, 'setup' | 'round'>, by: MemberRef, target: MemberRef): number | null => {
  const sv = armourValue(state, target);
  return sv >= 7 ? null : armourSaveFace(sv, strengthValue(state, by));
};

export const wardFace = (state: Pick<State, 'setup'>, target: MemberRef): number | null =>
  profileOf(state.setup, target).ward;

/** P(a D6 shows `face` or more). */
export const pass = (face: number | null) => (face === null ? 0 : Math.max(0, Math.min(6, 7 - face)) / 6);

/** The chance one attack of `by` on `target` becomes an unsaved wound. */
export function woundChance(
  state: Pick<State, 'setup' | 'hasWonRound' | 'round'>,
  by: MemberRef,
  target: MemberRef,
): number {
  return (
    pass(hitFace(state, by, target)) *
    pass(woundFace(state, by, target)) *
    (1 - pass(armourFace(state, by, target))) *
    (1 - pass(wardFace(state, target)))
  );
}
