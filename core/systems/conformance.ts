import type { StoredCombatRecord } from '../combat/engine';

/**
 * What every rule system must show, declared once in its own folder
 * (core/systems/<id>/conformance.ts): one generic suite — unit tests, the bench and the browser
 * tests — runs every system of a registry from these declarations, so adding a system is its
 * folder and its line in the registry, and a system that leaves something out fails a test.
 * Data only: no test code lives in core/.
 */
export interface SystemConformance {
  /**
   * Its example scenario files for `combat-companion analyze` and `resolve`, from the repository's
   * root (a seeded one first; an entered-dice one where the system has one).
   */
  examples: readonly string[];
  /**
   * Setups (as the setup screen sends them) every system is checked on: `small`, small enough that
   * the engine's own walk of the whole combat finishes (the exact odds are held to it); `club`, a
   * club-night size that its exact odds must still answer quickly (npm run bench).
   */
  combats: { small: unknown; club: unknown };
  /** One stored combat (as History keeps it) of the system's current steps, and what its summary must say. */
  stored: StoredCombatExpectation;
  /** A unit profile as a player types it, and one the profile schema refuses with the field it names. */
  profiles: { valid: unknown; invalid: { profile: unknown; field: string } };
  /**
   * Steps a player takes per round with entered dice (median over setups; per attack sequence
   * where a combat is one), and printed A4 pages a round of its example may take in the default print.
   */
  targets: { stepsPerRound: number; printPagesPerRound: number };
  /**
   * Whether the players may stop between rounds and fight on next turn (the ranks games: "Stop
   * here: fight round 2 next turn"): the kit then pauses a combat, finds it in History as paused and
   * reopens it at the same step.
   */
  pausesBetweenRounds?: boolean;
  /**
   * Where a combat is fought round after round: a seed on which its example, played by "Roll for
   * me" and the suggested choices, goes three rounds or more — the long fight whose print is held
   * to its page target per round. The suggestions are the app's, by the whole fight's odds (not the
   * rules' defaults), so the seed is found in the browser (the kit's e2e fails if it falls short).
   */
  threeRoundSeed?: number;
  /** Its player's guide, from the repository's root (a Markdown file in its folder). */
  guide: string;
}

export interface StoredCombatExpectation {
  /** The combat as the store returns it, which History and print replay. */
  record: StoredCombatRecord;
  expected: {
    /** Log lines (hence summary steps) the combat produces. */
    steps: number;
    modelsLost: { attacker: number; defender: number };
    /** The final outcome's lines, in order. */
    outcome: readonly string[];
    /** Where the main measure ended (the bar marked on the chart). */
    actualValue: number;
    winner: 'attacker' | 'defender' | 'draw' | null;
    /** Labels of the options chosen, in order. */
    choices: readonly string[];
  };
}

/** A roll answered with entered dice, as a stored combat keeps it. */
export const entered = (stepId: string, dice: readonly number[]) => ({ kind: 'roll', stepId, dice, by: 'entered' });
/** A choice, as a stored combat keeps it. */
export const chosen = (stepId: string, option: string) => ({ kind: 'choose', stepId, option });
/** An outcome acknowledged, as a stored combat keeps it. */
export const went = (stepId: string) => ({ kind: 'continue', stepId });

/** A stored combat's record as History keeps it, the times and ids fixed so its summary is the same every run. */
export function storedRecord(system: string, title: string, setup: unknown, seed: number, inputs: readonly unknown[]) {
  return {
    id: `fixture-${system}`,
    system,
    title,
    startedAt: '2026-11-20T19:30:00.000Z',
    finishedAt: '2026-11-20T19:41:00.000Z',
    seed,
    rosterIds: [],
    setup,
    inputs,
  };
}

/**
 * `value` without the named fields: a declaration that is another's (its system's example setup,
 * a unit declared beside it) but for what it leaves out, written as that and not copied out again.
 */
export function without<T extends object, K extends keyof T & string>(value: T, ...keys: readonly K[]): Omit<T, K> {
  const leftOut = new Set<string>(keys);
  return Object.fromEntries(Object.entries(value).filter(([key]) => !leftOut.has(key))) as Omit<T, K>;
}
