import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { bench, describe } from 'vitest';
import { oddsOnWorker, oddsServiceOf } from '../../core/api';
import { createCombatBackend } from '../../core/api/backends/combat';
import { rulesDeps } from '../../core/api/backends/rules';
import type { OddsOf } from '../../core/api/backends/odds/job';
import { registry } from '../../core/systems';
import { median } from '../support/stepTargets';

/**
 * The host answers steps first (the reliability issue): a step's latency while the largest
 * whole-combat answer is being worked out — the odds on a thread of their own, as the hosts run
 * them, against the odds worked out by the host's own thread between its chunks. Target: a step
 * answered within 50 ms, median and worst. Printed once, for the record.
 */
const bootstrap = fileURLToPath(new URL('../electron/tsWorker.mjs', import.meta.url));
const entry = fileURLToPath(new URL('../../electron/main/oddsWorker.ts', import.meta.url));
const immediate = () => new Promise<void>((resolve) => setImmediate(resolve));

async function latencies(odds: OddsOf, system: string, steps = 12): Promise<number[]> {
  const b = createCombatBackend(rulesDeps(registry, { newId: () => 'latency', newSeed: () => 9, odds }));
  const setup = registry.systems[system]!.exampleSetup as Record<string, unknown>;
  let snap = await b['combat.start']({ system, setup, seed: 9, rosterIds: [] });
  const whole = b['combat.odds']({ id: snap.id, whole: true }).catch(() => null);
  const out: number[] = [];
  for (let i = 0; i < steps && !snap.finished; i++) {
    const step = snap.step;
    const t = performance.now();
    if (step.kind === 'roll') snap = await b['combat.roll']({ id: snap.id, stepId: step.id });
    else {
      const option = step.kind === 'choose' ? (step.options.find((o) => o.suggested) ?? step.options[0]!).id : null;
      const input = option
        ? { kind: 'choose' as const, stepId: step.id, option }
        : { kind: 'continue' as const, stepId: step.id };
      snap = await b['combat.advance']({ id: snap.id, input });
    }
    out.push(performance.now() - t);
  }
  await whole;
  return out;
}

const line = (what: string, ms: number[]) =>
  `${what}: ${ms.length} steps, median ${median(ms).toFixed(1)} ms, worst ${Math.max(...ms).toFixed(1)} ms`;

describe('a step while the whole combat’s odds are worked out', async () => {
  const worker = new Worker(bootstrap, { workerData: { entry } });
  const onThread = oddsOnWorker(
    { post: (m) => worker.postMessage(m), listen: (l) => worker.on('message', l) },
    oddsServiceOf(registry, immediate),
  );
  for (const system of registry.definitions.filter((d) => d.analysis?.combat).map((d) => d.id)) {
    console.log(line(`${system}, odds on their own thread`, await latencies(onThread, system)));
    console.log(
      line(`${system}, odds in the host's thread`, await latencies(oddsServiceOf(registry, immediate), system)),
    );
  }
  await worker.terminate();
  bench('printed above', () => {});
});
