/** Exact outcome distributions of a combat, as a system's analysis reports them to the host. */
export interface OutcomeDistributions {
  /** What the main distribution counts, e.g. "models destroyed". */
  measure: string;
  main: number[];
  secondary?: { measure: string; dist: number[] };
}

/**
 * A rule system's exact analysis, from any state of a combat in that system: for the wizard's
 * odds panel and for `combat-companion analyze`. Each system's analysis folder exports one.
 */
export interface SystemAnalysis {
  systemId: string;
  distributions(state: unknown): OutcomeDistributions;
  /** The CLI's JSON report. */
  report(state: unknown): Record<string, unknown>;
}
