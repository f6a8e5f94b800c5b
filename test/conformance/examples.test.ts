import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { runCli } from '../../cli/main';
import { wholeCombatOddsSchema } from '../../core/analysis/combat';
import { kitRegistry, systemsUnderTest } from './systems';

/**
 * Every system's examples through the command line, as SCENARIOS.md fixes it: `analyze` prints
 * the exact odds as JSON (with the whole combat's where the combat goes on for rounds), `resolve`
 * plays the scenario to its end and prints its log and final state; both the same every run.
 */
async function run(argv: string[]) {
  let out = '';
  let err = '';
  const code = await runCli(
    argv,
    { out: (t) => (out += t), err: (t) => (err += t), stdin: async () => '' },
    kitRegistry,
  );
  return { code, out, err };
}

const examples = systemsUnderTest.flatMap((s) =>
  s.conformance.examples.map((file) => ({ id: s.id, file, rounds: !!s.definition.analysis?.combat })),
);

describe.each(examples)('$file', ({ id, file, rounds }) => {
  it('analyze prints its odds as JSON, with the whole combat where the combat goes on for rounds', async () => {
    const { code, out, err } = await run(['analyze', file]);
    expect(err).toBe('');
    expect(code).toBe(0);
    const report = JSON.parse(out) as { system: string; combat?: unknown };
    expect(report.system).toBe(id);
    if (rounds) expect(wholeCombatOddsSchema.safeParse(report.combat).success).toBe(true);
    // Issue 34: every example's whole combat is counted exactly, never estimated.
    if (rounds) expect((report.combat as { exact: boolean }).exact).toBe(true);
    else expect(report.combat).toBeUndefined();
  });

  it('resolve plays it to its end, the same every run', async () => {
    const first = await run(['resolve', file]);
    expect(first.err).toBe('');
    expect(first.code).toBe(0);
    const resolved = JSON.parse(first.out) as { view: { log: unknown[] }; outcome: unknown };
    expect(resolved.view.log.length).toBeGreaterThan(0);
    expect(resolved.outcome).toBeTruthy();
    expect((await run(['resolve', file])).out).toBe(first.out);
    const scenario = JSON.parse(readFileSync(file, 'utf8')) as { system: string };
    expect(scenario.system).toBe(id);
  });
});
