import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { runCli } from '../../cli/main';

/**
 * A combat paused between rounds, on the command line (issue 34, "pausing is not winning"): a
 * scenario whose entered dice end at a round's end is a combat to be fought on next turn —
 * `resolve` says it is paused and names no outcome, `analyze` gives the odds from where it stands.
 */
async function run(argv: string[], stdin = '') {
  let out = '';
  let err = '';
  const code = await runCli(argv, { out: (t) => (out += t), err: (t) => (err += t), stdin: async () => stdin });
  return { code, out, err };
}

const example = JSON.parse(readFileSync('examples/wh40k-7e-entered-dice.json', 'utf8')) as { dice: number[] };

/** The example's dice cut to end at round 1's end: the first cut that `resolve` takes as paused. */
async function pausedScenario() {
  for (let n = 1; n < example.dice.length; n++) {
    const scenario = JSON.stringify({ ...example, dice: example.dice.slice(0, n) });
    const r = await run(['resolve', '-'], scenario);
    if (r.code === 0) return { scenario, resolved: JSON.parse(r.out) as { paused?: string; outcome: string[] } };
  }
  throw new Error('no cut of the dice pauses the combat');
}

describe('a scenario paused between rounds', () => {
  it('resolve says it is paused, fought on next turn, and names no outcome', async () => {
    const { resolved } = await pausedScenario();
    expect(resolved.paused).toBe('paused after round 1 — round 2 next turn');
    expect(resolved.outcome).toEqual([]);
  });

  it('analyze gives the whole combat’s odds from where it stands: the end of round 1, exact', async () => {
    const { scenario } = await pausedScenario();
    const { code, out } = await run(['analyze', '-'], scenario);
    expect(code).toBe(0);
    const report = JSON.parse(out) as {
      paused: string;
      combat: { fromRound: number; exact: boolean; rounds: number[] };
    };
    expect(report.paused).toBe('paused after round 1 — round 2 next turn');
    // Round 1 is over: nothing more ends in it; the rest is fought from round 2 on.
    expect(report.combat).toMatchObject({ fromRound: 1, exact: true });
    expect(report.combat.rounds[0]).toBe(0);
    const fromStart = JSON.parse((await run(['analyze', 'examples/wh40k-7e-entered-dice.json'])).out) as {
      combat: { pAttackerWins: number };
    };
    expect((report.combat as unknown as { pAttackerWins: number }).pAttackerWins).not.toBe(
      fromStart.combat.pAttackerWins,
    );
  });
});
