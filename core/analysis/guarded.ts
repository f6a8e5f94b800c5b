import { AnalysisTooLargeError, metered } from './budget';
import type { OutcomeDistributions, SystemAnalysis } from './system';

/** What the host gets for a state: the exact distributions, or why there are none for a state this size. */
export type Analyzed = { ok: true; distributions: OutcomeDistributions } | { ok: false; tooLarge: string };

const generic = () => 'too many outcomes to count exactly in about a second';

/**
 * A system's exact analysis within the work budget (budget.ts): refused at once when the system
 * says the state is too large, stopped by the meter when it runs past the budget. Either way the
 * host answers — no accepted setup can hang it.
 */
export function withinBudget<T>(
  analysis: SystemAnalysis,
  state: unknown,
  run: (analysis: SystemAnalysis, state: unknown) => T,
): { ok: true; value: T } | { ok: false; tooLarge: string } {
  const refused = analysis.tooLarge?.(state) ?? null;
  if (refused !== null) return { ok: false, tooLarge: refused };
  try {
    return { ok: true, value: metered(() => run(analysis, state), generic) };
  } catch (error) {
    if (error instanceof AnalysisTooLargeError) return { ok: false, tooLarge: error.message };
    throw error;
  }
}

/**
 * "No exact odds for this combat. <Why>." — the one way every refusal is said (the odds panel, the
 * printed summary, the command line): the lead, then the system's reason as its own sentence, so
 * a reason that begins with a name ("Red against Blue: …") keeps its case.
 */
export function noOddsBecause(lead: string, why: string): string {
  const clause = why.trim().replace(/\.+$/, '');
  return `${lead}. ${clause[0]!.toUpperCase()}${clause.slice(1)}.`;
}

export function analyzeWithinBudget(analysis: SystemAnalysis, state: unknown): Analyzed {
  const r = withinBudget(analysis, state, (a, s) => a.distributions(s));
  return r.ok ? { ok: true, distributions: r.value } : r;
}
