/**
 * How the players enter dice — typing the faces or counting each face — kept for the session, so
 * "Count each face" chosen once stays at every step until changed (a reload in the same tab too).
 */
export type DiceMode = 'type' | 'count';

const KEY = 'combat-companion.dice-mode';

export function savedDiceMode(): DiceMode {
  try {
    return globalThis.sessionStorage?.getItem(KEY) === 'count' ? 'count' : 'type';
  } catch {
    return 'type'; // storage refused (a locked-down browser): typing, as at first
  }
}

export function saveDiceMode(mode: DiceMode): void {
  try {
    globalThis.sessionStorage?.setItem(KEY, mode);
  } catch {
    // Not kept: the choice still holds for this step.
  }
}
