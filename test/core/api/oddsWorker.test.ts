import { readFileSync } from 'node:fs';
import { MessageChannel, type MessagePort } from 'node:worker_threads';
import { describe, expect, it } from 'vitest';
import { ApiFailure, oddsOnWorker, oddsServiceOf, serveOdds, type OddsPort } from '../../../core/api';
import type { OddsJob } from '../../../core/api/backends/odds/job';
import { startCombat } from '../../../core/combat/engine';
import { registry } from '../../../core/systems';

/**
 * The odds on a worker of their own (core/api/backends/odds/worker.ts): both ends over a real
 * message channel give what the host working them out itself gives; a conflict stays a conflict,
 * a refusal keeps its words and field; a worker that stops hands every job to the host's own.
 */
const portOf = (port: MessagePort): OddsPort => ({
  post: (m) => port.postMessage(m),
  listen: (l) => port.on('message', l),
});
const immediate = () => new Promise<void>((resolve) => setImmediate(resolve));

function jobOf(system: string, overrides: Partial<OddsJob> = {}): OddsJob {
  const rules = registry.systems[system]!;
  const setup = rules.setupSchema.parse(rules.exampleSetup);
  const combat = startCombat(rules, setup, 3);
  return {
    id: 'c-1',
    system,
    setup,
    seed: combat.log.seed,
    inputs: [],
    at: 0,
    whole: false,
    quick: false,
    ...overrides,
  };
}

function pair() {
  const channel = new MessageChannel();
  serveOdds(portOf(channel.port1), oddsServiceOf(registry, immediate));
  const odds = oddsOnWorker(portOf(channel.port2), oddsServiceOf(registry, immediate));
  return { odds, close: () => channel.port1.close() };
}

describe('the odds on a worker of their own', () => {
  it('give what the host working them out itself gives', async () => {
    const { odds, close } = pair();
    const job = jobOf('wh40k-10e');
    expect(await odds(job)).toEqual(await oddsServiceOf(registry)(job));
    close();
  });

  it('answer a superseded whole-combat job with a conflict, and the later one with its figures', async () => {
    const { odds, close } = pair();
    // The largest example (its whole combat a quarter of a second of chunks): the same combat's later job comes in meanwhile.
    const { seed: _seed, ...scenario } = JSON.parse(
      readFileSync('examples/old-world-swordsmen-vs-orcs.json', 'utf8'),
    ) as Record<string, unknown>;
    const setup = registry.systems['old-world']!.setupSchema.parse(scenario);
    const first = odds(jobOf('old-world', { whole: true, setup }));
    const second = odds(jobOf('old-world', { whole: true, quick: true, setup }));
    await expect(first).rejects.toMatchObject({ code: 'conflict' });
    expect((await second).whole).toBeDefined();
    close();
  }, 60_000);

  it('keep a refusal’s words and field', async () => {
    const { odds, close } = pair();
    const refused = await odds(jobOf('wh40k-10e', { system: 'chess' })).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(ApiFailure);
    expect(refused).toMatchObject({ code: 'invalid_input', field: 'system' });
    close();
  });

  it('hand every job to the host’s own once the worker stops: the one waiting and every later one', async () => {
    const channel = new MessageChannel();
    // A worker that never answers, then stops.
    const odds = oddsOnWorker(portOf(channel.port2), oddsServiceOf(registry));
    const waiting = odds(jobOf('wh40k-10e'));
    odds.stopped();
    const expected = await oddsServiceOf(registry)(jobOf('wh40k-10e'));
    expect(await waiting).toEqual(expected);
    expect(await odds(jobOf('wh40k-10e'))).toEqual(expected);
    channel.port1.close();
  });
});
