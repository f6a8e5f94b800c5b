import { registry as appRegistry, type Registry } from '../../core/systems';
import { createCombatBackend } from '../../core/api/backends/combat';
import { rulesDeps } from '../../core/api/backends/rules';
import type { CombatSnapshot } from '../../core/api';
import { roundsSeen } from './stepTargets';

export interface Played {
  /** Steps the players answered (a roll, a choice, an outcome read and gone on from). */
  steps: number;
  rounds: number;
  finished: boolean;
  /** Every snapshot the host answered, the first (at the start) to the last. */
  snapshots: CombatSnapshot[];
}

export interface PlayOptions {
  /** The rule systems the host offers (the app's by default). */
  registry?: Registry;
  /** Take the host's best option by the odds (as the wizard suggests it), not only the system's own suggestion. */
  byOdds?: boolean;
  maxSteps?: number;
}

/**
 * Plays one combat through the host backend as the wizard does: every roll by the host's seeded
 * "Roll for me", every choice the option the app suggests (with `byOdds`, the host's best by the
 * odds where they tell the options apart, else the system's own), every outcome gone on from.
 * Bounded: at most `maxSteps` steps.
 */
export async function playThroughHost(
  system: string,
  setup: Record<string, unknown>,
  seed: number,
  { registry = appRegistry, byOdds = true, maxSteps = 2000 }: PlayOptions = {},
): Promise<Played> {
  const b = createCombatBackend(rulesDeps(registry, { newId: () => 'bench', newSeed: () => seed }));
  let snap = await b['combat.start']({ system, setup, seed });
  const snapshots = [snap];
  const texts: string[] = [];
  for (let i = 0; i < maxSteps && !snap.finished; i++) {
    const step = snap.step;
    texts.push(step.title, ...(snap.view.status ?? []));
    if (step.kind === 'roll') snap = await b['combat.roll']({ id: snap.id, stepId: step.id });
    else if (step.kind === 'choose') {
      const best = byOdds ? (await b['combat.odds']({ id: snap.id })).best : null;
      const option = best ?? (step.options.find((o) => o.suggested) ?? step.options[0]!).id;
      snap = await b['combat.advance']({ id: snap.id, input: { kind: 'choose', stepId: step.id, option } });
    } else snap = await b['combat.advance']({ id: snap.id, input: { kind: 'continue', stepId: step.id } });
    snapshots.push(snap);
  }
  texts.push(snap.step.title, ...(snap.view.status ?? []));
  return { steps: snap.inputs.length, rounds: roundsSeen(texts), finished: snap.finished, snapshots };
}
