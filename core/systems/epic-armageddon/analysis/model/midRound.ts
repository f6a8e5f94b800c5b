import type { Role, State, Wave } from '../../state';
import { codeOf, pairOf, type Context } from './context';
import { addEntry, frameAt, startEntries, type Entries, type Frame } from './entries';
import { addEnd } from './roundEnds';
import { compact, type Worked } from './worked';
import {
  afterDice,
  allocation,
  classHitsOfGiven,
  classHitsOfSaves,
  lost,
  lostFrom,
  pendingOf,
  sideOutcomes,
  type SideOutcome,
} from './side';
import { assaultResult } from './result';
import { resultDice } from '../../tables';
import { attackWave, immediateOutcome, wave, type Found } from './stages';
import { charge, RULES_CALL, type RunWork } from './work';

/**
 * A round from a state part-way through it, to its end — a wave with dice still to roll, hits to
 * allocate or saves to roll, the result roll with one side's dice known, the loser's extra hits
 * part-allocated, its withdrawal — every choice left taken as suggested, as far as supporting fire,
 * the result, the assault's end or the next round (a round from its start is the layer's: layer.ts).
 * The ranks the round's matrices start from are the state's own: each class's standing units in order.
 */

const emptyFound = (): Found => ({ next: new Map(), toSupport: new Map(), toResult: new Map(), ended: new Map() });

/** After the combat attacks (A4): the immediate outcome; then supporting fire and the result (the chain's layer: layer.ts). */
function afterAttacks(frame: Frame, run: RunWork, entries: Entries, found: Found): void {
  for (const e of immediateOutcome(frame, run, entries, found).values()) addEntry(frame, found.toSupport, e);
}

/** One side at the end of the wave under way: its hits still to land (the enemy's dice not rolled yet), to place, or to save. */
function sideInWave(ctx: Context, run: RunWork, state: State, role: Role, wave: Wave): SideOutcome[] {
  const side = ctx.sides[role];
  const units = state.units[role];
  const x = codeOf(side, units);
  const on = wave.on[role];
  if (on.saves !== null) return sideOutcomes(side, x, classHitsOfSaves(side, units, on.saves));
  if (on.given === null) {
    const pending = pendingOf(
      ctx,
      wave.groups.filter((g) => g.by !== role),
      on.hits,
    );
    return afterDice(ctx, side, run, x, pending);
  }
  // Every die rolled, some hits placed already (forced, or named hit by hit): the engine's allocation, worked out here.
  charge(RULES_CALL);
  const given = allocation(ctx, side, units, on.given, on.hits, on.byHand);
  return sideOutcomes(side, x, classHitsOfGiven(side, units, given));
}

/** The wave under way to its casualties (both sides' removed together), then the rest of the round. */
function fromWave(frame: Frame, run: RunWork, state: State, w: Wave, start: Entries, found: Found): void {
  const outs = {
    attacker: sideInWave(frame.ctx, run, state, 'attacker', w),
    defender: sideInWave(frame.ctx, run, state, 'defender', w),
  };
  const after = wave(frame, start, { dice: () => 0, outcomes: (role) => outs[role] });
  if (w.kind === 'firstStrike') afterAttacks(frame, run, attackWave(frame, run, after, 'main'), found);
  else if (w.kind === 'main') afterAttacks(frame, run, after, found);
  else for (const e of after.values()) addEntry(frame, found.toResult, e);
}

/** The rest of the round from `state` (any phase but A3 and the end, which the model takes as a round's start and not at all). */
export function fromState(ctx: Context, run: RunWork, state: State): Worked {
  const xa = codeOf(ctx.sides.attacker, state.units.attacker);
  const xd = codeOf(ctx.sides.defender, state.units.defender);
  const pair = pairOf(ctx, xa, xd);
  const frame = frameAt(ctx, pair);
  const start = startEntries(frame, pair);
  const only = start.get(pair)!;
  const found = emptyFound();
  const phase = state.phase;
  const r = state.result;
  const loser = (winner: Role): Role => (winner === 'attacker' ? 'defender' : 'attacker');
  const code = { attacker: xa, defender: xd };
  switch (phase.at) {
    case 'wave':
      fromWave(frame, run, state, phase.wave, start, found);
      break;
    case 'a4':
      // Seed 003 "Determine the outcome": decided at once (no extra hits), or on to supporting fire.
      if (r && r.winner !== 'draw') {
        const l = loser(r.winner);
        addEnd(frame, found.ended, r.winner, only, { [l]: lost(ctx, ctx.sides[l], run, code[l], 0) });
      } else afterAttacks(frame, run, start, found);
      break;
    case 'a6':
      assaultResult(frame, run, start, resultDice(phase.rolls), found);
      break;
    case 'a5':
    case 'result':
      // A draw goes on to another round from A3, casualties kept; a win to the loser's extra hits and A7.
      if (!r || r.winner === 'draw') found.next.set(pair, only);
      else {
        const l = loser(r.winner);
        addEnd(frame, found.ended, r.winner, only, { [l]: lost(ctx, ctx.sides[l], run, code[l], r.extraHits[l]) });
      }
      break;
    case 'extra': {
      // RULES §4 A6: the rest of the extra hits as suggested (nearest first), then A7.
      const l = phase.role;
      const after = lostFrom(ctx, ctx.sides[l], state.units[l], r!.extraHits[l], phase.given);
      addEnd(frame, found.ended, loser(l), only, { [l]: after });
      break;
    }
    case 'withdraw':
      // RULES §4 A7: no more units end within 15cm of the enemy (the suggested answer): the assault is over.
      addEnd(frame, found.ended, loser(phase.role), only);
      break;
    case 'a3':
    case 'end':
      throw new Error(`a round is not finished from ${phase.at}`);
  }
  return compact(frame, found);
}
