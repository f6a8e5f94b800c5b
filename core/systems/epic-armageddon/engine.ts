import { outcomeStep, stepEngine } from '../../combat/stepEngine';
import { beginA4 } from './flow';
import { finalLines } from './outcome';
import type { Setup } from './setup';
import { startingUnits, type State } from './state';
import { a3Kind, a4Kind, a5Kind, a6Kind, extraKind, resultKind, withdrawKind } from './steps/aftermath';
import { openSaveGroups, targetOrder } from './steps/batches';
import { attackKind, saveKind } from './steps/rolls';
import { allocateKind, casualtiesKind } from './steps/wave';

/**
 * The Epic Armageddon assault on the one step engine (core/combat/stepEngine.ts): where the
 * assault is comes from its phase, as finely as a wave needs (dice to roll, hits to allocate,
 * saves to roll, casualties to remove); each point is a kind of step declared once (steps/).
 */

type Key = 'attack' | 'allocate' | 'save' | 'casualties' | 'a3' | 'a4' | 'a5' | 'a6' | 'result' | 'extra' | 'withdraw';

export function at(state: State): Key | null {
  const phase = state.phase;
  if (phase.at === 'end') return null;
  if (phase.at !== 'wave') return phase.at;
  const wave = phase.wave;
  if (wave.groups.length > 0) return 'attack';
  // Both sides allocate their hits before either rolls saves: the saves of both are one step.
  if (targetOrder.some((r) => wave.on[r].saves === null)) return 'allocate';
  return openSaveGroups(state, wave).length > 0 ? 'save' : 'casualties';
}

export const engine = stepEngine<State, Key>({
  at,
  kinds: {
    attack: attackKind,
    allocate: allocateKind,
    save: saveKind,
    casualties: casualtiesKind,
    a3: a3Kind,
    a4: a4Kind,
    a5: a5Kind,
    a6: a6Kind,
    result: resultKind,
    extra: extraKind,
    withdraw: withdrawKind,
  },
  end: (state) => outcomeStep(state, 'end', { title: 'The assault is over', lines: finalLines(state), final: true }),
  settleLimit: 10_000,
});

export const { next: nextStep, apply: applyInput, settle } = engine;

export function startState(setup: Setup): State {
  const units = { attacker: startingUnits(setup, 'attacker'), defender: startingUnits(setup, 'defender') };
  return settle(
    beginA4({
      setup,
      round: 1,
      units,
      kills: { attacker: 0, defender: 0 },
      roundStart: null,
      phase: { at: 'end' },
      result: null,
      previous: [],
      broken: { attacker: setup.attacker.broken, defender: setup.defender.broken },
      blastMarkers: { attacker: setup.attacker.blastMarkers, defender: setup.defender.blastMarkers },
      notes: [],
      counter: 0,
      log: [],
    }),
  );
}
