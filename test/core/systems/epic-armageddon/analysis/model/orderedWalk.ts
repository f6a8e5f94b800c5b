import type { CombatChain } from '../../../../../../core/analysis/combat/types';
import type { RollStep, Step } from '../../../../../../core/combat/steps';
import { epicArmageddon, type State } from '../../../../../../core/systems/epic-armageddon';
import { epicArmageddonCombat } from '../../../../../../core/systems/epic-armageddon/analysis';
import { saveBatch } from '../../../../../../core/systems/epic-armageddon/steps/batches';

/**
 * The engine's walk with one fault of its steps mended, so that the model can be held to it.
 *
 * The fault (steps/rolls.ts `grouped`, reported): a save step whose dice are one group — one side's
 * hits, all needing the same save — is given as a plain roll, and the group's `ordered` flag (each
 * die saves its own hit, on its own unit) is lost with it. The walk then counts the dice unordered
 * (rollOutcomes.ts), and its one face sequence per count of passes saves the first hits and fails
 * the last: two hits on Boyz #1 and #2, one saved, always lose Boyz #2 — half the time it is Boyz #1
 * (seed 003: each unit saves its own hit). Play-outs roll real dice and are not affected.
 *
 * Mended here by giving such a step as the one ordered group it is, as the engine gives it when the
 * save step has several groups; the dice, and so the engine's own answer to them, are unchanged.
 */
function orderedSaves(state: State, step: Step): Step {
  if (step.kind !== 'roll' || step.groups || !step.id.startsWith('save.') || state.phase.at !== 'wave') return step;
  const chains = saveBatch(state, state.phase.wave);
  const hits = chains[0]!.hits.map((i) => state.phase.at === 'wave' && state.phase.wave.on[chains[0]!.role].saves![i]!);
  if (chains.length !== 1 || new Set(hits.map((h) => h && h.unit)).size < 2) return step;
  const roll: RollStep = {
    ...step,
    groups: [
      {
        id: 'g0s0',
        label: step.title,
        roller: chains[0]!.role,
        count: step.count,
        sides: step.sides,
        needs: step.needs,
        passOn: step.passOn!,
        ordered: true,
      },
    ],
  };
  return roll;
}

/** The whole-combat chain (its round model too) over the mended walk. */
export const orderedChain: CombatChain<State> = {
  ...epicArmageddonCombat,
  rules: { ...epicArmageddon, next: (s: State) => orderedSaves(s, epicArmageddon.next(s)) },
};
