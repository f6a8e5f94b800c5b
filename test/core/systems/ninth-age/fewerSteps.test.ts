import { registry } from '../../../../core/systems';
import { describe, expect, it } from 'vitest';
import { createCombatBackend } from '../../../../core/api/backends/combat';
import { rulesDeps } from '../../../../core/api/backends/rules';
import { ninthAge } from '../../../../core/systems/ninth-age';
import { analyzeRound } from '../../../../core/systems/ninth-age/analysis';
import { LIKELY } from '../../../../core/systems/ninth-age/steps/side';
import { slayChance } from '../../../../core/systems/ninth-age/steps/odds';
import { oneStepCheck } from '../../../support/oneStep';
import { ninthAgeSystem } from '../../../../core/systems/ninth-age/definition';
import type { Setup, State } from '../../../../core/systems/ninth-age';
import { agilityRolls } from './analysis/rollsRead';
import { allDice, chooseStep, logText, n, play, rollStep, setupOf, start, titleOf, type NaCombat } from './helpers';

const checkOneStep = oneStepCheck<Setup, State>(ninthAgeSystem, analyzeRound, { rollsOf: agilityRolls });

/**
 * Issue 22 for The Ninth Age: one roll per Agility step, one allocation question per side and
 * Agility step, an allocation made once kept for the next rounds ("as last round", one tap to
 * change), and no question with one sensible answer.
 */

/** 10 Knights (5 wide: 5 fighting, 5 supporting) against 10 Spearmen with a tough Captain and a Priest. */
const knightsAndCaptain = (captain: { healthPoints: number; armour?: number } = { healthPoints: 9, armour: 6 }) =>
  setupOf(
    { models: 10, profile: { agility: 4 } },
    {
      models: 10,
      characters: [
        { name: 'Captain', profile: { attacks: 0, ...captain } },
        { name: 'Priest', profile: { attacks: 0 } },
      ],
    },
  );

/** Answers every roll with `face` on every die, every choice with its suggestion, until the round's end (or the melee's). */
function toRoundEnd(c: NaCombat, face = 1): NaCombat {
  let at = c;
  while (
    !(at.step.kind === 'choose' && at.step.id.startsWith('round.')) &&
    !(at.step.kind === 'outcome' && at.step.final)
  ) {
    const step = at.step;
    at = play(
      at,
      step.kind === 'roll'
        ? allDice(step, face)
        : step.kind === 'choose'
          ? step.options.find((o) => o.suggested)!.id
          : 'go',
    );
  }
  return at;
}

describe('one roll step per Agility step (seed 004: every attack allocated before any hit, casualties removed when the step ends)', () => {
  it('both sides striking at the same Agility roll in one step, each part at each pool a chain: to hit, to wound for each hit, saves for each wound', () => {
    const c = play(start(knightsAndCaptain()), 'suggested');
    const step = rollStep(c);
    expect(step.title).toBe('Agility 4: Knights strike');
    const both = start(setupOf({ models: 5, profile: { armour: 3 } }, { models: 5, profile: { armour: 3 } }));
    const roll = rollStep(both);
    expect(roll.title).toBe('Agility 3: Knights and Spearmen strike');
    expect(roll.groups!.map((g) => [g.id, g.per ? `${g.per.on} of ${g.per.group}` : '-'])).toEqual([
      ['0.hit', '-'],
      ['0.wound', 'pass of 0.hit'],
      ['0.armour', 'pass of 0.wound'],
      ['1.hit', '-'],
      ['1.wound', 'pass of 1.hit'],
      ['1.armour', 'pass of 1.wound'],
    ]);
    // Who rolls what, in the players' words: each their own attacks and their own saves.
    expect(roll.notes).toEqual([
      '10 attacks at Agility 3.',
      'Red: roll for the Knights (attacks and saves).',
      'Blue: roll for the Spearmen (saves and attacks).',
    ]);
    // Saves pass for the defender: a wound goes through on a failed save.
    const after = play(both, [6, 6, 1, 1, 1, 6, 6, 1, 6, ...n(5, 1)]);
    expect(after.state.lost['defender.rf']).toBe(1);
    expect(logText(after)).toContain(
      'Agility 3: Knights and Spearmen strike: Knights at the Spearmen: 5 attacks, 2 hits, 2 wounds, 1 armour save: 1 unsaved wound, the Spearmen lose 1 HP, 4 HP left · Spearmen at the Knights: 5 attacks, 0 hits',
    );
  });

  it('each group says whose dice in a line a tablet shows whole: a save follows the wounds it is for', () => {
    const c = play(
      start(
        setupOf(
          { models: 5, profile: { armour: 3 }, characters: [{ name: 'Baron' }] },
          { models: 5, profile: { armour: 3 } },
        ),
      ),
      'suggested',
    );
    expect(rollStep(c).groups!.map((g) => g.label)).toEqual([
      'Knights to hit the Spearmen',
      'Knights to wound the Spearmen',
      'Spearmen’s armour saves',
      'Baron to hit the Spearmen',
      'Baron to wound the Spearmen',
      'Spearmen’s armour saves',
      'Spearmen to hit the Knights',
      'Spearmen to wound the Knights',
      'Knights’ armour saves',
    ]);
    // The save boxes come right after the wounds they are for (chained to them).
    expect(
      rollStep(c)
        .groups!.filter((g) => g.id.endsWith('.armour'))
        .map((g) => g.per!.group),
    ).toEqual(['0.wound', '1.wound', '2.wound']);
    // One line at 820 pixels: the longest line the wizard makes of a group stays short.
    expect(
      Math.max(...rollStep(c).groups!.map((g) => `then ${g.note ?? ''} for ${g.label} — needs ${g.needs}`.length)),
    ).toBeLessThanOrEqual(66);
  });
});

describe('allocation: one question per side and Agility step, only when it has a real choice', () => {
  it('a side facing no enemy character is not asked: its attacks can only go at the rank and file', () => {
    const c = start(setupOf({ models: 5 }, { models: 5 }));
    expect(c.step.kind).toBe('roll');
    expect(logText(c)).toEqual([
      'The Knights: allocate 5 attacks: 5 at the Spearmen (the only target)',
      'The Spearmen: allocate 5 attacks: 5 at the Knights (the only target)',
    ]);
  });

  it('whole allocations players reach for: as set up, all at the rank and file, enough to be likely to slay a character or all at him, and "Part by part…"', () => {
    const c = start(knightsAndCaptain({ healthPoints: 1, armour: 0 }));
    const step = chooseStep(c);
    expect(step.title).toBe('The Knights: allocate 10 attacks');
    expect(step.actor).toBe('attacker');
    expect(step.options.map((o) => o.id)).toEqual(['suggested', 'enough.1', 'all.1', 'enough.2', 'all.2', 'parts']);
    expect(step.options.filter((o) => o.suggested).map((o) => o.label)).toEqual(['As set up: 10 at the Spearmen']);
    // "Enough": the fewest attacks that make it more likely than not; one fewer would not.
    const enough = step.options.find((o) => o.id === 'enough.1')!;
    expect(enough.label).toBe('Enough at Captain to be likely to slay him, the rest at the Spearmen');
    const sent = Number(/^(\d+) at Captain/.exec(enough.detail!)![1]);
    const captain = { role: 'defender' as const, who: 0 };
    const knights = { role: 'attacker' as const, who: 'rf' as const };
    expect(slayChance(c.state, captain, [{ part: knights, dice: sent }])).toBeGreaterThanOrEqual(LIKELY);
    expect(slayChance(c.state, captain, [{ part: knights, dice: sent - 1 }])).toBeLessThan(LIKELY);
    // Taken: every attack allocated before the roll, the rest at the rank and file.
    const taken = play(c, 'enough.1');
    expect(taken.state.parts[0]!.allocation).toEqual([10 - sent, sent, 0]);
    expect(rollStep(taken).groups!.map((g) => g.count)).toEqual([10 - sent, 10 - sent, sent, sent]);
  });

  it('every option of the side question has its odds, worked out by the host from the state it leads to, and a best one by the fight', async () => {
    const backend = createCombatBackend(rulesDeps(registry, { newId: () => 'side', newSeed: () => 1 }));
    const snap = await backend['combat.start']({
      system: 'ninth-age',
      setup: ninthAge.exampleSetup as unknown as Record<string, unknown>,
      seed: 1,
    });
    expect(snap.step.kind).toBe('choose');
    // The best option is weighed by the fight (asked with `whole`), never by the round alone.
    expect((await backend['combat.odds']({ id: snap.id })).best).toBeNull();
    const odds = await backend['combat.odds']({ id: snap.id, whole: true });
    expect(odds.choices.map((c) => c.option)).toEqual(
      snap.step.kind === 'choose' ? snap.step.options.map((o) => o.id) : [],
    );
    expect(odds.choices.every((c) => typeof c.figure === 'string')).toBe(true);
    expect(odds.best).not.toBeNull();
  });
});

describe('as last round: an allocation made once is kept, one tap to change', () => {
  it('from the second round the allocation is kept without asking, and the round end offers allocating anew', () => {
    let c = start(knightsAndCaptain());
    c = play(c, 'all.1');
    c = toRoundEnd(c);
    const end = chooseStep(c);
    expect(end.options.map((o) => `${o.id}${o.suggested ? '*' : ''}`)).toEqual(['next*', 'anew', 'pause']);
    expect(end.options.map((o) => o.label)).toEqual([
      'Fight round 2 now',
      'Fight round 2, allocating attacks anew',
      'Stop here: fight round 2 next turn',
    ]);
    const kept = play(c, 'next');
    // No question: straight to the roll, the allocation logged as last round.
    expect(kept.step.kind).toBe('roll');
    expect(kept.state.round).toBe(2);
    expect(logText(kept)).toContain('The Knights: allocate 10 attacks: as last round: 10 at Captain');
    expect(kept.state.parts[0]!.allocation).toEqual([0, 10, 0]);
    // One tap to change: the question comes back, with last round's allocation suggested.
    const anew = play(c, 'anew');
    expect(chooseStep(anew).title).toBe('The Knights: allocate 10 attacks');
    expect(chooseStep(anew).options[0]).toMatchObject({
      id: 'suggested',
      label: 'As last round: 10 at Captain',
      suggested: true,
    });
    // The new answer is kept in its turn.
    const changed = toRoundEnd(play(anew, 'rank-and-file'));
    expect(logText(play(changed, 'next'))).toContain(
      'The Knights: allocate 10 attacks: as last round: 10 at the Spearmen',
    );
  });

  it('a share at a character who has fallen goes at the rank and file, without asking, and the log says so', () => {
    let c = start(knightsAndCaptain({ healthPoints: 1, armour: 0 }));
    c = play(c, 'all.1');
    // Every Knight's attack hits and wounds the Captain (the wounds beyond his 1 HP are lost); the Spearmen miss at Agility 3.
    c = play(c, [...n(10, 6), ...n(10, 6)]);
    expect(c.state.lost['defender.c0']).toBe(1);
    c = toRoundEnd(c, 1);
    c = play(c, 'next');
    expect(logText(c)).toContain(
      'The Knights: allocate 10 attacks: as last round: 10 at the Spearmen (Captain has fallen: his share goes at the Spearmen)',
    );
  });

  it('the exact odds follow the kept allocation at the later Agility steps of the round (one step at a time, exactly)', () => {
    // The Knights strike last (Agility 2), after the Spearmen: at the Spearmen's roll in round 2, the odds must send the Knights' attacks where last round's went.
    const setup = setupOf(
      { models: 10, profile: { agility: 2 } },
      { models: 10, characters: [{ name: 'Captain', profile: { attacks: 0, healthPoints: 4 } }] },
    );
    let c = start(setup);
    expect(titleOf(c.step)).toBe('Agility 3: Spearmen strike');
    c = play(c, allDice(rollStep(c), 1));
    c = play(c, 'all.1');
    c = toRoundEnd(c, 1);
    c = play(c, 'next');
    expect(titleOf(c.step)).toBe('Agility 3: Spearmen strike');
    expect(c.state.kept['attacker.rf']).toEqual([10]);
    // The setup's allocation (all at the rank and file) would give other odds: the kept one is what the round will do.
    expect(analyzeRound(c.state).hpLost.defender).not.toEqual(analyzeRound({ ...c.state, kept: {} }).hpLost.defender);
    for (let k = 0; k < 3 && c.step.kind === 'roll'; k++) {
      checkOneStep(c, `round 2, ${c.step.title}`);
      c = play(c, allDice(rollStep(c), 4));
    }
  });
});
