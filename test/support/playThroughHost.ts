import { registry } from '../../core/systems';
import { createCombatBackend } from '../../core/api/backends/combat';
import { rulesDeps } from '../../core/api/backends/rules';
import { roundsSeen } from './stepTargets';

export interface Played {
  /** Steps the players answered (a roll, a choice, an outcome read and gone on from). */
  steps: number;
  rounds: number;
  finished: boolean;
}

/**
 * Plays one combat through the host backend as the wizard does: every roll by the host's seeded
 * "Roll for me", every choice the option the app suggests (the host's best by the odds where they
 * tell the options apart, else the system's own), every outcome gone on from. Bounded: at most
 * `maxSteps` steps.
 */
export async function playThroughHost(
  system: string,
  setup: Record<string, unknown>,
  seed: number,
  maxSteps = 2000,
): Promise<Played> {
  const b = createCombatBackend(rulesDeps(registry, { newId: () => 'bench', newSeed: () => seed }));
  let snap = await b['combat.start']({ system, setup, seed });
  const texts: string[] = [];
  for (let i = 0; i < maxSteps && !snap.finished; i++) {
    const step = snap.step;
    texts.push(step.title, ...(snap.view.status ?? []));
    if (step.kind === 'roll') snap = await b['combat.roll']({ id: snap.id, stepId: step.id });
    else if (step.kind === 'choose') {
      const { best } = await b['combat.odds']({ id: snap.id });
      const option = best ?? (step.options.find((o) => o.suggested) ?? step.options[0]!).id;
      snap = await b['combat.advance']({ id: snap.id, input: { kind: 'choose', stepId: step.id, option } });
    } else snap = await b['combat.advance']({ id: snap.id, input: { kind: 'continue', stepId: step.id } });
  }
  texts.push(snap.step.title, ...(snap.view.status ?? []));
  return { steps: snap.inputs.length, rounds: roundsSeen(texts), finished: snap.finished };
}
