import { maxOf, parseDice } from '../../dice/expression';
import { blastBonus } from './abilities';
import type { Setup, Weapon } from './profiles';
import { MAX_DICE } from './state';

/**
 * How long a combat can take to play through step by step, whatever the dice: an upper bound on
 * its steps, and the work they cost (each step looks at every model of the target). `resolve`
 * plays a scenario to its end without a player; a setup whose bound is past the budget is refused
 * in words before any die is rolled, as `analyze` refuses what it cannot count (exit code 3),
 * instead of running for minutes. The bound is generous: only setups of thousands of attacks,
 * each with many extra hits, against large units reach it.
 */

/** Work the resolve command may spend: steps × (target models + a step's own cost), a few seconds at most. */
export const PLAY_BUDGET = 1_000_000;
/** A step's own cost, in models looked at. */
const STEP_COST = 30;

const diceCount = (text: string) => parseDice(text).count;
/** Steps to roll `items` things of `perItem` dice each, as many as fit in one step at a time. */
const stepsFor = (items: number, perItem: number) =>
  items <= 0 ? 0 : perItem <= 0 ? 0 : Math.ceil(items / Math.max(1, Math.floor(MAX_DICE / perItem))) + 1;

export interface PlaySize {
  /** Most attacks the weapons can make (every die at its highest). */
  attacks: number;
  /** Most hits that roll to wound, with Sustained Hits at their highest on every hit. */
  hits: number;
  steps: number;
  work: number;
}

function weaponSize(setup: Setup, w: Weapon): { attacks: number; hits: number; steps: number } {
  const rapid = w.abilities.rapidFire !== null && setup.attacker.halfRange ? w.abilities.rapidFire : null;
  const attacks =
    w.models *
    (maxOf(parseDice(w.attacks)) + (rapid ? maxOf(parseDice(rapid)) : 0) + (w.abilities.blast ? blastBonus(setup) : 0));
  const sustained = w.abilities.sustainedHits === null ? null : parseDice(w.abilities.sustainedHits);
  const hits = attacks * (1 + (sustained ? maxOf(sustained) : 0));
  const steps =
    stepsFor(w.models, diceCount(w.attacks)) +
    (rapid ? stepsFor(w.models, diceCount(rapid)) : 0) +
    // Hit rolls, their re-rolls and the re-roll choice; the same for the wound rolls and the saves rolled together.
    3 * stepsFor(attacks, 1) +
    (sustained ? stepsFor(attacks, sustained.count) : 0) +
    3 * stepsFor(hits, 1) +
    3 * stepsFor(hits, 1) +
    // At worst every wound is resolved one at a time: allocation, save choice, save, save re-roll, damage, damage re-roll, Feel No Pain.
    7 * hits +
    // Hazardous tests and what became of each model that failed one.
    2 * w.models;
  return { attacks, hits, steps };
}

export function playSize(setup: Setup): PlaySize {
  const models = setup.defender.models.reduce((n, g) => n + g.count, 0);
  const sizes = setup.attacker.weapons.map((w) => weaponSize(setup, w));
  const attacks = sizes.reduce((n, s) => n + s.attacks, 0);
  const hits = sizes.reduce((n, s) => n + s.hits, 0);
  // Mortal wounds from other rules one at a time (with their Feel No Pain), and Deadly Demise dice.
  const steps = sizes.reduce((n, s) => n + s.steps, 0) + 3 * setup.attacker.mortalWounds + stepsFor(models, 1) + 1;
  return { attacks, hits, steps, work: steps * (models + STEP_COST) };
}

/** 1234567 → "1,234,567" (the same on every machine). */
function grouped(n: number): string {
  return String(Math.round(n)).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

/** Why this setup is too large to play through without a player, or null when it can be. */
export function tooLargeToPlay(setup: Setup): string | null {
  const size = playSize(setup);
  if (size.work <= PLAY_BUDGET) return null;
  const models = setup.defender.models.reduce((n, g) => n + g.count, 0);
  return `up to ${grouped(size.attacks)} attacks and ${grouped(size.hits)} hits to wound against ${models === 1 ? '1 model' : `${grouped(models)} models`}: too many steps to play through here. Resolve fewer weapons or models at a time.`;
}
