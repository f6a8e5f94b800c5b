import { describe, expect, it } from 'vitest';
import { advance, rollForMe, startCombat, type Combat } from '../../../../core/combat';
import type { Input } from '../../../../core/combat/steps';
import { ninthAge, type Setup, type State } from '../../../../core/systems/ninth-age';
import { profilesOf } from '../../../../core/systems/ninth-age/summary';
import { heroesDuel, knightsVsSpearmen, orcsVsDwarfs } from './analysis/setups';
import { setupOf } from './helpers';
import { stepWords } from '../../../support/words';

/**
 * Words players use (issue 22, item 7, The Ninth Age): every step title, prompt, option, needs
 * line, reason, note, group label, outcome line, log line, status and unit note of whole melees,
 * played with seeded dice and random choices, read for the slips players stumble on — another
 * game's terms, Height as a bare number, counts printed as decimals.
 */

const SLIPS: Array<[RegExp, string]> = [
  [/\bUS\b|Unit Strength/, '"US": Unit Strength is another game’s term'],
  [/\bHeight \d/, 'Height as a bare number ("Height 2")'],
  [/\d+\.\d{2}\b/, 'a decimal where a count is meant ("5.00 models")'],
  [/(^|[^\d.])1 (models|attacks|hits|wounds|saves|Proper Ranks|characters)\b/, 'a plural after 1 ("1 attacks")'],
  [/\b0 (model|attack|hit|wound)\b/, 'a singular after 0'],
  [/\bseed\b|\bRULES\b|§|SCENARIOS/i, 'a source citation or "seed"'],
  [/\bundefined\b|\bnull\b|\bNaN\b|\[object|Infinity/, 'an internal value'],
  [/\b(rf|c\d|roundEnd|pursueChoice|stepEnd|attacksAtCharacters)\b/, 'an internal name'],
];

/** Plays to the end (at most four rounds): seeded dice, a random option at every choice. */
function playAll(setup: Setup, seed: number): string[] {
  let c: Combat<Setup, State> = startCombat(ninthAge, setup, seed);
  const seen: string[] = [];
  let pick = seed;
  for (let guard = 0; guard < 2_000; guard++) {
    const step = c.step;
    seen.push(...stepWords(step), ...(ninthAge.view(c.state).status ?? []));
    if (step.kind === 'outcome' && step.final) break;
    pick = (pick * 1103515245 + 12345) % 2 ** 31;
    // After a few rounds a pause (fought on next turn) ends this play; a pause is never an answer to the rules.
    if (step.kind === 'choose' && step.id.startsWith('round.') && c.state.round >= 4) break;
    const answers = step.kind === 'choose' ? step.options.filter((o) => !o.pause) : [];
    const input: Input =
      step.kind === 'roll'
        ? rollForMe(c)
        : step.kind === 'choose'
          ? { kind: 'choose', stepId: step.id, option: answers[pick % answers.length]!.id }
          : { kind: 'continue', stepId: step.id };
    const r = advance(ninthAge, c, input);
    if (!r.ok) throw new Error(r.error.message);
    c = r.combat;
  }
  const view = ninthAge.view(c.state);
  for (const line of view.log)
    seen.push(line.title, line.result, ...(line.why ?? []).flatMap((w) => [w.rule, w.detail]));
  for (const role of ['attacker', 'defender'] as const) {
    seen.push(...(view.sides[role].notes ?? []));
    for (const u of view.sides[role].units)
      seen.push(
        ...(u.notes ?? []),
        u.formation?.rankRule ?? '',
        u.formation?.status ?? '',
        ...u.models.flatMap((m) => [m.name, ...m.tags]),
      );
    seen.push(...profilesOf(setup)[role].flatMap((p) => [p.label, p.text]));
  }
  return seen;
}

const giants = () =>
  setupOf(
    { models: 6, width: 3, height: 3, profile: { agility: 4, attacks: 3 } },
    { models: 12, width: 4, height: 2, characters: [{ name: 'Captain', profile: { healthPoints: 3 } }] },
  );

const setups: Array<[string, () => Setup]> = [
  ['the bench case: Knights and Baron charge Spearmen with a Captain and a Battle Standard Bearer', knightsVsSpearmen],
  ['Orc Brutes in the Greybeards’ flank', orcsVsDwarfs],
  ['characters seeking each other out', heroesDuel],
  ['gigantic models against large ones', giants],
  ['the setup screen’s example', () => ninthAge.setupSchema.parse(ninthAge.exampleSetup)],
];

describe('every word of The Ninth Age’s steps, log and view, as players say it', () => {
  it.each(setups)(
    '%s',
    (_name, setup) => {
      for (let seed = 1; seed <= 8; seed++) {
        const seen = playAll(setup(), seed);
        for (const text of seen)
          for (const [slip, what] of SLIPS) expect(slip.test(text), `seed ${seed}: ${what} in "${text}"`).toBe(false);
      }
    },
    60_000,
  );

  it('says Height as players do: Standard, Large, Gigantic', () => {
    const seen = playAll(giants(), 1).join('\n');
    expect(seen).toContain('Height: Gigantic');
    expect(seen).toContain('Height: Large');
  });
});
