/**
 * Dice expressions as the rules write them: `3`, `D3`, `D6`, `2D6`, `D6+1`, `2D3+2`, `3D6`, `D6+6`.
 * "D3" is its own die here (1–3), which is the same distribution as a D6 halved rounding up
 * (RULES.md, common rules: D3 = ceil(D6/2)).
 */
export interface DiceExpression {
  /** Number of dice (0 for a fixed value). */
  count: number;
  sides: 3 | 6;
  /** Added to the dice total (the whole value when count is 0). */
  modifier: number;
}

export class DiceExpressionError extends Error {
  constructor(
    readonly text: string,
    reason: string,
  ) {
    super(`"${text}" is not a dice expression (${reason}); use forms like 3, D3, D6, 2D6, D6+1 or 2D3+2`);
    this.name = 'DiceExpressionError';
  }
}

const pattern = /^(?:(\d{1,2})?\s*D\s*(3|6)\s*(?:([+-])\s*(\d{1,3}))?|(\d{1,3}))$/i;
const maxDice = 20;

export function parseDice(text: string): DiceExpression {
  const match = pattern.exec(text.trim());
  if (!match) throw new DiceExpressionError(text, 'unrecognised form');
  const [, countText, sidesText, sign, modText, fixedText] = match;
  if (fixedText !== undefined) return { count: 0, sides: 6, modifier: Number(fixedText) };
  const count = countText === undefined ? 1 : Number(countText);
  if (count < 1 || count > maxDice) throw new DiceExpressionError(text, `between 1 and ${maxDice} dice`);
  const modifier = modText === undefined ? 0 : (sign === '-' ? -1 : 1) * Number(modText);
  return { count, sides: Number(sidesText) as 3 | 6, modifier };
}

/** `true` for text `parseDice` accepts; for schema refinements. */
export function isDiceExpression(text: string): boolean {
  try {
    parseDice(text);
    return true;
  } catch {
    return false;
  }
}

export function formatDice({ count, sides, modifier }: DiceExpression): string {
  if (count === 0) return String(modifier);
  const dice = `${count === 1 ? '' : count}D${sides}`;
  return modifier === 0 ? dice : `${dice}${modifier > 0 ? '+' : '-'}${Math.abs(modifier)}`;
}

export const minOf = (e: DiceExpression) => e.count + e.modifier;
export const maxOf = (e: DiceExpression) => e.count * e.sides + e.modifier;

/** The value of an expression given the faces rolled for it (clamped at 0: nothing is negative). */
export function evaluateDice(e: DiceExpression, faces: readonly number[]): number {
  if (faces.length !== e.count) throw new Error(`${formatDice(e)} needs ${e.count} dice, got ${faces.length}`);
  return Math.max(0, faces.reduce((a, b) => a + b, 0) + e.modifier);
}

/**
 * The exact distribution: `p[v]` is the probability that the expression totals `v`
 * (index 0..max). A value below 0 counts as 0.
 */
export function diceDistribution(e: DiceExpression): number[] {
  let dist = [1];
  for (let i = 0; i < e.count; i++) {
    const next = new Array<number>(dist.length + e.sides).fill(0);
    dist.forEach((p, total) => {
      for (let face = 1; face <= e.sides; face++) next[total + face]! += p / e.sides;
    });
    dist = next;
  }
  const out = new Array<number>(Math.max(0, maxOf(e)) + 1).fill(0);
  dist.forEach((p, total) => {
    if (p > 0) out[Math.max(0, total + e.modifier)]! += p;
  });
  return out;
}

export function meanOf(e: DiceExpression): number {
  return diceDistribution(e).reduce((sum, p, v) => sum + p * v, 0);
}
