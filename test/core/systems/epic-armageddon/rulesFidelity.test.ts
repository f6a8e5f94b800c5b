import { describe, expect, it } from 'vitest';
import type { Input, RollStep } from '../../../../core/combat/steps';
import { groupsOf } from '../../../../core/combat/rollGroups';
import { epicArmageddonAnalysis } from '../../../../core/systems/epic-armageddon/analysis';
import { analyzeRound } from '../../../../core/systems/epic-armageddon/analysis';
import { blastMarkersCounted, extraHitsFor, resultFacts } from '../../../../core/systems/epic-armageddon/result';
import { profilesOf } from '../../../../core/systems/epic-armageddon/summary';
import { viewOf } from '../../../../core/systems/epic-armageddon/view';
import { roundDriver } from '../../../support/roundDriver';
import { epicArmageddonSystem } from '../../../../core/systems/epic-armageddon/definition';
import type { Setup, State } from '../../../../core/systems/epic-armageddon';
import { oneStepCheck } from '../../../support/oneStep';
import { epicRolls } from './analysis/rollsRead';
import { left, logText, setupOf, start, unit, type EpicCombat } from './helpers';

const checkOneStep = oneStepCheck<Setup, State>(epicArmageddonSystem, analyzeRound, { rollsOf: epicRolls });

const { apply } = roundDriver<Setup, State>(epicArmageddonSystem);

/**
 * What a player would dispute (issue 25): hits go to the units in base contact first, supporting
 * units of a Broken or marched formation are listed and left out, They Shall Know No Fear halves
 * the extra hits and the Blast markers, and an assault both sides lose every unit of ends in words.
 */

/** Plays to the end: each roll step's dice from `faces` (by the group's label), the suggested option, continue. */
function playOut(combat: EpicCombat, faces: (label: string, step: RollStep) => number): EpicCombat {
  let c = combat;
  for (let guard = 0; guard < 500; guard++) {
    const step = c.step;
    if (step.kind === 'outcome' && step.final) return c;
    let input: Input;
    if (step.kind === 'roll')
      input = {
        kind: 'roll',
        stepId: step.id,
        by: 'entered',
        dice: groupsOf(step).flatMap((g) =>
          Array.from({ length: g.count }, () => faces(`${step.title} · ${g.label}`, step)),
        ),
      };
    else if (step.kind === 'choose')
      input = {
        kind: 'choose',
        stepId: step.id,
        option: (step.options.find((o) => o.suggested) ?? step.options[0]!).id,
      };
    else input = { kind: 'continue', stepId: step.id };
    c = apply(c, input);
  }
  throw new Error('the assault did not end');
}

const noAttack = { cc: null, ff: null };

describe('hits go to the units in base contact first, whatever the order of the list (seed 003)', () => {
  // Seed 003: "allocate hits to units in base contact first because they are nearest to the enemy, then the next nearest".
  const listed = (contactFirst: boolean) => {
    const scouts = unit({ name: 'Scouts', engaged: 'firefight', ...noAttack });
    const terminators = unit({ name: 'Terminators', armour: 4, ...noAttack });
    return setupOf(
      { units: [unit({ name: 'Boyz', cc: 2 })] },
      { units: contactFirst ? [terminators, scouts] : [scouts, terminators] },
    );
  };

  it('one hit on a formation that lists a firefight unit first goes to the unit in base contact, in the engine', () => {
    // Every attack die hits (6), every save fails (1): the one hit kills whoever takes it.
    const end = playOut(start(listed(false)), (label) => (/save/i.test(label) ? 1 : 6));
    const [scouts, terminators] = end.state.units.defender;
    expect(terminators!.fate).toEqual({ round: 1, by: 'A4' });
    expect(scouts!.fate?.by).not.toBe('A4');
  });

  it('the exact odds are the same whichever order the units are listed in', () => {
    const a = analyzeRound(start(listed(true)).state);
    const b = analyzeRound(start(listed(false)).state);
    expect(b.kills).toEqual(a.kills);
    expect(b.win).toEqual(a.win);
  });
});

describe('supporting fire from a Broken or marched formation (RULES §4 A5)', () => {
  const withSupport = (support: Array<Record<string, unknown>>) =>
    setupOf(
      { units: [unit({ name: 'Marines', armour: 4 })], support: support as never },
      { units: [unit({ name: 'Boyz', count: 3, armour: 6 })] },
    );

  it('is accepted, left out of the dice and of the odds, and said so in the log and the summary', () => {
    const setup = withSupport([
      { name: 'Devastators', ff: 3, broken: true },
      { name: 'Bikes', ff: 4, marched: true },
    ]);
    const end = playOut(start(setup), () => 4);
    expect(logText(end)).toContain(
      'Red: supporting fire: no supporting fire from Devastators (its formation is Broken), Bikes (its formation marched)',
    );
    // No supporting die was rolled: every roll of the log is an attack, a save or the result.
    expect(end.state.log.filter((l) => /supporting fire/i.test(l.title) && l.dice).length).toBe(0);
    const lines = profilesOf(setup).attacker.map((p) => `${p.label}: ${p.text}`);
    expect(lines).toContain('Devastators: no supporting fire: its formation is Broken · FF 3+');
    expect(lines).toContain('Bikes: no supporting fire: its formation marched · FF 4+');
    const without = analyzeRound(start(withSupport([])).state);
    const odds = analyzeRound(start(setup).state);
    expect(odds.kills).toEqual(without.kills);
    expect(odds.win).toEqual(without.win);
  });
});

describe('They Shall Know No Fear (RULES §4 A6)', () => {
  it('a formation with it that loses takes half the extra hits, rounding down', () => {
    expect([1, 2, 3, 4, 5].map((d) => extraHitsFor(d, true))).toEqual([0, 1, 1, 2, 2]);
    expect([1, 2, 3].map((d) => extraHitsFor(d, false))).toEqual([1, 2, 3]);
  });

  it('counts half its Blast markers, rounding down; Broken, one per unit left', () => {
    expect(blastMarkersCounted(false, 3, 5, true)).toBe(1);
    expect(blastMarkersCounted(false, 3, 5, false)).toBe(3);
    expect(blastMarkersCounted(true, 3, 5, true)).toBe(5);
    const setup = setupOf(
      { knowNoFear: true, blastMarkers: 1, units: [unit({ name: 'Marines' })] },
      { blastMarkers: 1, units: [unit({ name: 'Boyz' })] },
    );
    const c = start(setup);
    // One Blast marker halves to none: the Marines count no Blast markers, fewer than the Orks' one.
    expect(resultFacts(c.state, 'attacker')).toMatchObject({ blastMarkers: 0, enemyBlastMarkers: 1 });
    expect(resultFacts(c.state, 'defender')).toMatchObject({ blastMarkers: 1, enemyBlastMarkers: 0 });
  });

  it('in play: Marines who lose by 5 take 2 extra hits, and the outcome says why; the odds agree with the engine at the result roll', () => {
    const setup = setupOf(
      { knowNoFear: true, units: [unit({ name: 'Marines', count: 4, armour: 2, cc: 6 })] },
      { units: [unit({ name: 'Boyz', count: 4, armour: 2, cc: 6 })] },
    );
    let c = start(setup);
    while (c.step.kind !== 'roll' || !c.step.id.startsWith('a6.'))
      c = apply(
        c,
        c.step.kind === 'roll'
          ? { kind: 'roll', stepId: c.step.id, by: 'entered', dice: Array.from({ length: c.step.count }, () => 1) }
          : c.step.kind === 'choose'
            ? { kind: 'choose', stepId: c.step.id, option: c.step.options.find((o) => o.suggested)!.id }
            : { kind: 'continue', stepId: c.step.id },
      );
    checkOneStep(c, 'They Shall Know No Fear at the result roll');
    // Red rolls a highest 1, Blue a highest 6: Blue wins by 5 (equal modifiers), Red takes 2 extra hits.
    const a6 = c.step as RollStep;
    const dice = groupsOf(a6).length === 2 ? [1, 1, 6, 6] : [1, 1];
    c = apply(c, { kind: 'roll', stepId: a6.id, by: 'entered', dice });
    if (c.step.kind === 'roll') c = apply(c, { kind: 'roll', stepId: c.step.id, by: 'entered', dice: [6, 6] });
    expect(c.state.result).toMatchObject({ winner: 'defender', extraHits: { attacker: 2, defender: 0 } });
    const end = playOut(c, () => 1);
    expect(end.step.kind === 'outcome' && end.step.lines.join('\n')).toBeTruthy();
    expect(logText(end).join('\n')).toMatch(/Marines #1, Marines #2/);
    expect(left(end, 'attacker')).toEqual([2]);
  });

  it('is shown on the side and in the summary', () => {
    const setup = setupOf(
      { knowNoFear: true, blastMarkers: 3, units: [unit({ name: 'Marines' })] },
      { units: [unit({ name: 'Boyz' })] },
    );
    expect(profilesOf(setup).attacker[0]!.text).toContain('They Shall Know No Fear');
    const view = viewOf(start(setup).state);
    expect(view.sides.attacker.notes).toContain(
      'They Shall Know No Fear: counts 1 Blast marker of 3; half the extra hits if it loses',
    );
  });
});

describe('the end of an assault both formations lose every unit of', () => {
  it('seed 003: all defenders destroyed is the attacker’s win, checked first — but with no unit left nobody consolidates', () => {
    const setup = setupOf({ units: [unit({ name: 'Marines', cc: 2 })] }, { units: [unit({ name: 'Boyz', cc: 2 })] });
    const end = playOut(start(setup), (label) => (/save/i.test(label) ? 1 : 6));
    expect(end.state.result).toMatchObject({ winner: 'attacker', at: 'A4' });
    const lines = end.step.kind === 'outcome' ? end.step.lines : [];
    expect(lines.join('\n')).not.toMatch(/may consolidate/);
    expect(lines).toContain('Red force (Red) has no units left either: nobody consolidates.');
  });
});

describe('refusals in words', () => {
  it('an assault too large to list its states says so without "Infinity"', () => {
    const many = (prefix: string) =>
      Array.from({ length: 30 }, (_, i) =>
        unit({
          name: `${prefix}${i}`,
          cc: 2 + (i % 5),
          armour: 2 + (i % 5),
          weapons: [{ name: 'Blades', use: 'cc', extraAttacks: 2, firstStrike: true }],
        }),
      );
    const state = start(setupOf({ units: many('a') }, { units: many('d') })).state;
    const why = epicArmageddonAnalysis.tooLarge!(state);
    expect(why).not.toBeNull();
    expect(why).not.toMatch(/Infinity|NaN/);
  });
});
