import { describe, expect, it } from 'vitest';
import { advance, rollForMe, startCombat, type Combat } from '../../../../core/combat';
import { groupsOf } from '../../../../core/combat/rollGroups';
import type { Input } from '../../../../core/combat/steps';
import { wh40k7e, type Setup, type State } from '../../../../core/systems/wh40k-7e';
import { destroyerVsOgryns, hammersVsWarriors, marinesVsBoyz, mixedBag } from './analysis/setups';
import { setupOf, trooper } from './helpers';
import { stepWords } from '../../../support/words';

/**
 * Words players use (issue 22, item 7): every step title, prompt, option, needs line, reason,
 * note, outcome line and log line of whole 7th edition combats, played with seeded dice and
 * random choices, read for the kinds of slips players stumble on.
 */

const SLIPS: Array<[RegExp, string]> = [
  [/(^|[^\d.])1 (units|models|wounds|hits|saves|attacks|dice|sets|deathblows)\b/, 'a plural after 1 ("1 units")'],
  [/\(1 set\)/, '"(1 set)"'],
  [/\bseed\b|\bRULES\b|§|SCENARIOS/i, 'a source citation or "seed"'],
  [/\d+\.\d{2}\b/, 'a float where a count is meant ("5.00")'],
  [/target WS from|more than twice WS/, 'the To Hit chart as arithmetic'],
  [/\bon [A-Z][\w ]* now\b/, '"6 wounds on Ork Boy now"'],
  [/[A-Z][\w ]*: (break|swept away)\b/, '"Ork Boyz: break" as a label'],
  [/\bundefined\b|\bnull\b|\bNaN\b|\[object|Infinity/, 'an internal value'],
  [/\bS\d+\/AP/, 'a pool key ("S4/AP–")'],
  [/\b(lockOnly|roundEnd|sweepRoll|fightOn|stalemate|allocateByHand|sixthEditionFeelNoPain)\b/, 'an internal name'],
];

/** A roll's needs line says what wins, not a bare sum: "D6 + I4" alone is not a target. */
const BARE_NEEDS = /^(\d+ )?D6( \+ I\d+)?$/;

/** Plays to the end: seeded dice, a random option at every choice (from a seeded walk). */
function playAll(setup: Setup, seed: number): { seen: string[]; needs: string[] } {
  let c: Combat<Setup, State> = startCombat(wh40k7e, setup, seed);
  const seen: string[] = [];
  const needs: string[] = [];
  let pick = seed;
  for (let guard = 0; guard < 5_000; guard++) {
    const step = c.step;
    seen.push(...stepWords(step));
    if (step.kind === 'roll') needs.push(step.needs, ...groupsOf(step).map((g) => g.needs));
    if (step.kind === 'outcome' && step.final) break;
    pick = (pick * 1103515245 + 12345) % 2 ** 31;
    const input: Input =
      step.kind === 'roll'
        ? rollForMe(c)
        : step.kind === 'choose'
          ? { kind: 'choose', stepId: step.id, option: step.options[pick % step.options.length]!.id }
          : { kind: 'continue', stepId: step.id };
    const r = advance(wh40k7e, c, input);
    if (!r.ok) throw new Error(r.error.message);
    c = r.combat;
  }
  const view = wh40k7e.view(c.state);
  for (const line of view.log)
    seen.push(line.title, line.result, ...(line.why ?? []).flatMap((w) => [w.rule, w.detail]));
  seen.push(...(view.status ?? []));
  for (const role of ['attacker', 'defender'] as const)
    seen.push(
      ...(view.sides[role].notes ?? []),
      ...view.sides[role].units.flatMap((u) => [
        ...(u.notes ?? []),
        ...u.models.flatMap((m) => [m.name, ...(m.tags ?? [])]),
      ]),
    );
  return { seen, needs };
}

const byHand = (s: Setup): Setup => ({
  ...s,
  attacker: { ...s.attacker, allocateByHand: true },
  defender: { ...s.defender, allocateByHand: true },
});
const fnp = () =>
  setupOf(
    {
      name: 'Assault Squad',
      models: [
        trooper({
          name: 'Sergeant',
          count: 2,
          weaponSkill: 4,
          strength: 4,
          initiative: 4,
          attacks: 2,
          weapon: { name: 'Power fist', strength: 'x2', ap: 2 },
        }),
      ],
    },
    {
      name: 'Plague Champions',
      models: [
        trooper({
          name: 'Champion',
          count: 2,
          weaponSkill: 4,
          toughness: 4,
          wounds: 2,
          save: 3,
          feelNoPain: 5,
          attacks: 1,
          initiative: 3,
        }),
      ],
    },
  );
const stuck = () =>
  setupOf(
    { models: [trooper({ name: 'Grot', strength: 1, toughness: 10 })] },
    { models: [trooper({ name: 'Wraith', strength: 1, toughness: 10 })] },
  );

const setups: Array<[string, () => Setup]> = [
  ['the benchmark', marinesVsBoyz],
  ['the benchmark, allocating by hand', () => byHand(marinesVsBoyz())],
  ['the mixed bag (allocating by hand)', mixedBag],
  ['thunder hammers against Tyranid Warriors', hammersVsWarriors],
  ['a Destroyer against Ogryns', destroyerVsOgryns],
  ['fists against Feel No Pain', fnp],
  ['a combat nobody can win', stuck],
];

describe("every word of 7th edition's steps and log, as players say it", () => {
  it.each(setups)(
    '%s',
    (_name, setup) => {
      for (let seed = 1; seed <= 12; seed++) {
        const { seen, needs } = playAll(setup(), seed);
        for (const text of seen)
          for (const [slip, what] of SLIPS) expect(slip.test(text), `seed ${seed}: ${what} in "${text}"`).toBe(false);
        for (const need of needs)
          expect(BARE_NEEDS.test(need), `seed ${seed}: a needs line with no target: "${need}"`).toBe(false);
      }
    },
    60_000,
  );
});
