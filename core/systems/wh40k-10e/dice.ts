import { evaluateDice, parseDice, type DiceExpression } from '../../dice/expression';
import { MAX_DICE } from './state';

/** Small dice helpers shared by the steps. */

/** How many items (each rolling `perItem` dice) fit in one roll step. */
export function itemsPerStep(pending: number, perItem: number): number {
  return Math.max(1, Math.min(pending, Math.floor(MAX_DICE / Math.max(1, perItem))));
}

/** The values of consecutive items, each rolling `e.count` dice from `faces`. */
export function valuesOf(e: DiceExpression, faces: readonly number[]): number[] {
  const out: number[] = [];
  for (let i = 0; i + e.count <= faces.length && e.count > 0; i += e.count)
    out.push(evaluateDice(e, faces.slice(i, i + e.count)));
  return out;
}

export const expr = (text: string) => parseDice(text);

export interface Tally {
  critical: number;
  success: number;
  fail: number;
  ones: number;
}

/** Pass/fail per die on unmodified faces: criticals (≥ criticalOn) always pass (seed 001). */
export function tally(faces: readonly number[], passOn: number, criticalOn: number | null): Tally {
  const t = { critical: 0, success: 0, fail: 0, ones: 0 };
  for (const f of faces) {
    if (f === 1) t.ones += 1;
    if (criticalOn !== null && f >= criticalOn) t.critical += 1;
    else if (f >= passOn && f !== 1) t.success += 1;
    else t.fail += 1;
  }
  return t;
}
