import { describe, expect, it } from 'vitest';
import { combatViewSchema } from '../../../../core/combat/view';
import { wh40k7e } from '../../../../core/systems/wh40k-7e';
import { marinesVsBoyz } from './analysis/setups';
import type { Setup } from '../../../../core/systems/wh40k-7e';
import { chooseStep, kindOf, outcomeStep, play, resultOf, rollStep, start } from './helpers';

/**
 * A whole round of the benchmark combat with physical dice, step by step: what each step
 * asks, who acts and why, the view the wizard draws, and the end (seed 000; RULES §2).
 */

const n = (count: number, face: number) => Array<number>(count).fill(face);

/** The benchmark with both players allocating wounds by hand (the setup's switch), so every choice is seen. */
const byHand = (): Setup => {
  const setup = marinesVsBoyz();
  return {
    ...setup,
    attacker: { ...setup.attacker, allocateByHand: true },
    defender: { ...setup.defender, allocateByHand: true },
  };
};

describe('10 Space Marines (power fist) charge 20 Ork Boyz (power klaw)', () => {
  const c0 = start(byHand());

  it('starts at Initiative step 4 with the Marines to hit, then to wound in the same roll, and says why they need 4+', () => {
    const step = rollStep(c0);
    expect(step).toMatchObject({
      title: 'Initiative step 4: Tactical Squad roll to hit and to wound',
      actor: 'attacker',
      count: 36,
      sides: 6,
      needs: '4+',
    });
    expect(step.groups).toEqual([
      {
        id: 'attacker.0.hit',
        roller: 'attacker',
        label: 'Space Marine to hit',
        count: 18,
        sides: 6,
        passOn: 4,
        needs: '4+',
      },
      {
        id: 'attacker.0.wound',
        roller: 'attacker',
        label: 'Space Marine to wound',
        count: 18,
        sides: 6,
        passOn: 4,
        needs: '4+',
        per: { group: 'attacker.0.hit', on: 'pass' },
        note: 'a D6 for each hit',
      },
    ]);
    expect(step.why.slice(0, 3)).toEqual([
      { rule: 'To Hit chart (Space Marine)', detail: "WS 4 vs WS 4 (Ork Boyz's majority): the same → 4+" },
      { rule: 'Attacks (Space Marine)', detail: '9 models × 2 attacks (A1 +1 charged) with Bolt pistol (S4 AP–)' },
      { rule: 'To Wound chart (Space Marine)', detail: "S4 vs T4 (Ork Boyz's majority): S − T = 0 → 4+" },
    ]);
    const view = wh40k7e.view(c0.state);
    expect(combatViewSchema.safeParse(view).success).toBe(true);
    expect(view.status).toEqual([
      'Round 1 · Initiative step 4',
      'Strike now: 9 × Space Marine with Bolt pistol (S4 AP–)',
    ]);
    expect(view.sides.attacker.notes).toEqual(['charged: +1 Attack this round', 'And They Shall Know No Fear']);
    expect(view.sides.defender.units[0]!.models).toHaveLength(20);
    expect(view.sides.attacker.units[0]!.models[9]).toMatchObject({
      id: 'attacker.1.0',
      name: 'Sergeant',
      wounds: 1,
      woundsLeft: 1,
      destroyed: false,
    });
    // Identical models share a group, so the wizard can draw them together.
    expect(new Set(view.sides.defender.units[0]!.models.map((m) => m.group?.id))).toEqual(
      new Set(['defender.0', 'defender.1']),
    );
    expect(view.sides.defender.units[0]!.models[19]!.group).toEqual({ id: 'defender.1', name: 'Ork Nob' });
    expect(view.sides.attacker.units[0]!.models[9]!.tags).toEqual([
      'WS4',
      'S4',
      'T4',
      'I4',
      'A3',
      'Ld9',
      'Sv 3+',
      'Power fist: S8 AP2',
      'Unwieldy: strikes at I1',
    ]);
  });

  it('fights the whole round in a few dozen steps, each saying who acts', () => {
    // 10 hits of 18, then a D6 to wound for each hit: 6 wounds.
    let c = play(c0, [...n(10, 6), ...n(8, 1), ...n(6, 6), ...n(4, 1)]);
    expect(c.state.log.find((l) => l.stepId === c0.step.id)!.result).toBe('10 hits, 6 wounds into the S4 AP– pool');
    // The Orks allocate: Boyz or the Nob.
    const ask = chooseStep(c);
    expect(ask).toMatchObject({ actor: 'defender', title: 'Ork Boyz: allocate 6 wounds (S4 AP–)' });
    expect(wh40k7e.view(c.state).status).toContain('Wound pools of Tactical Squad on Ork Boyz: 6 × S4 AP–');
    expect(wh40k7e.view(c.state).status).toContain('Allocating S4 AP– to Ork Boyz: 6 wounds to place');
    c = play(c, 'auto');
    expect(rollStep(c)).toMatchObject({
      title: 'Ork Boyz: 6 saves against S4 AP–',
      actor: 'defender',
      count: 6,
      passOn: 6,
    });
    // The wounds being saved still count as the pool's until they land.
    expect(wh40k7e.view(c.state).status).toEqual(
      expect.arrayContaining([
        'Wound pools of Tactical Squad on Ork Boyz: 6 × S4 AP–',
        'Allocating S4 AP– to Ork Boyz: 6 wounds going onto Ork Boy models',
      ]),
    );
    c = play(c, [6, 1, 1, 1, 1, 1]);
    expect(c.state.wounds.defender[0]!.filter((w) => w > 0)).toHaveLength(14);
    // Initiative 2: the 14 Boyz strike back, 3 attacks each.
    expect(c.state.initiative).toBe(2);
    // Only the Orks strike at this step: its log line is theirs.
    expect(c.state.log.find((l) => l.title === 'Round 1 · Initiative step 2')!.actor).toBe('defender');
    expect(rollStep(c).title).toBe('Initiative step 2: Ork Boyz roll to hit and to wound');
    expect(rollStep(c).groups).toMatchObject([
      { count: 42, passOn: 4 },
      { count: 42, passOn: 5, per: { group: 'defender.0.hit', on: 'pass' } },
    ]);
    c = play(c, [...n(12, 6), ...n(30, 1), ...n(6, 6), ...n(6, 1)], 'auto', [1, 1, 6, 6, 6, 6]);
    expect(c.state.wounds.attacker).toEqual([[0, 0, 1, 1, 1, 1, 1, 1, 1], [1]]);
    // Initiative 1: the power fist and the power klaw strike together.
    expect(c.state.initiative).toBe(1);
    expect(wh40k7e.view(c.state).status![1]).toBe(
      'Strike now: Sergeant (Tactical Squad) with Power fist (S8 AP2, Unwieldy); Ork Nob (Ork Boyz) with Power klaw (S8 AP2, Unwieldy)',
    );
    // One roll for both, to hit (the Sergeant's three dice, then the Nob's), then to wound a D6 for each hit.
    expect(rollStep(c).title).toBe('Initiative step 1: both units roll to hit and to wound');
    expect(rollStep(c).groups!.map((g) => [g.label, g.needs])).toEqual([
      ['Sergeant (Tactical Squad) to hit', '4+'],
      ['Ork Nob (Ork Boyz) to hit', '4+'],
      ['Sergeant (Tactical Squad) to wound', '2+'],
      ['Ork Nob (Ork Boyz) to wound', '2+'],
    ]);
    c = play(c, [6, 6, 1, 6, 1, 1, 6, 6, 6]);
    // The Orks put the first fist wound on the Nob: Instant Death, no save (AP2 beats Sv 6+).
    c = play(c, 'm1w2');
    expect(c.state.wounds.defender[1]).toEqual([0]);
    // One kind of Ork left: the second wound needs no choice. Then the Marines place the klaw wound.
    const marines = chooseStep(c);
    expect(marines).toMatchObject({ actor: 'attacker', title: 'Tactical Squad: allocate 1 wound (S8 AP2)' });
    expect(marines.options.map((o) => o.label)).toEqual([
      'Allocate the 1 wound as suggested: Space Marine first, then down the list',
      'Space Marine (one of 7)',
      'Sergeant',
    ]);
    c = play(c, 'm1w1');
    expect(resultOf(c)).toEqual([
      'Tactical Squad caused 8 wounds: Ork Boyz had 21, now 13 (21 − 13 = 8; Ork Boy: 6 slain; Ork Nob: 1 slain).',
      'Ork Boyz caused 3 wounds: Tactical Squad had 10, now 7 (10 − 7 = 3; Space Marine: 2 slain; Sergeant: 1 slain).',
      'Tactical Squad win by 5 (8 − 3 = 5).',
    ]);
    expect(rollStep(c)).toMatchObject({ title: 'Ork Boyz: Morale check', needs: '2D6 ≤ 2 (a double 1 always passes)' });
    c = play(c, [1, 2]);
    // The Sweeping Advance: both roll at once; 1 + I4 = 5 against 3 + I2 = 5 catches the Boyz.
    expect(rollStep(c).groups!.map((g) => g.needs)).toEqual([
      "D6 + I4: equal to or more than Ork Boyz's total catches them",
      "D6 + I2: more than Tactical Squad's total escapes",
    ]);
    c = play(c, [1, 3]);
    const end = outcomeStep(c);
    expect(end.final).toBe(true);
    expect(end.lines).toEqual([
      'Tactical Squad: won the combat: 7 × Space Marine left.',
      'Ork Boyz: lost, failed its Morale check and was destroyed by the Sweeping Advance.',
      'Tactical Squad may consolidate D6" (a reminder: move it at the table).',
    ]);
    expect(c.log.inputs.length).toBeLessThanOrEqual(24);
    expect(wh40k7e.winner!(c.state)).toBe('attacker');
    const view = wh40k7e.view(c.state);
    expect(view.sides.defender.units[0]!.models.every((m) => m.destroyed)).toBe(true);
    expect(view.sides.defender.units[0]!.notes).toEqual([
      'destroyed by a Sweeping Advance',
      '8 wounds lost this round',
    ]);
    // One log line per input, with its dice.
    for (const input of c.log.inputs) {
      const line = c.state.log.find((l) => l.stepId === input.stepId)!;
      if (input.kind === 'roll') expect(line.dice).toEqual(input.dice);
    }
    expect(kindOf(c)).toBe('end');
  });

  it("prints each side's profiles for the summary", () => {
    const profiles = wh40k7e.profiles!(marinesVsBoyz());
    expect(profiles.attacker).toEqual([
      {
        label: 'Space Marine ×9',
        text: 'WS4 S4 T4 W1 I4 A1 Ld8 · Sv 3+ · Bolt pistol (S4 AP–) · 2 attacks each in round 1',
      },
      {
        label: 'Sergeant ×1',
        text: 'WS4 S4 T4 W1 I4 A2 Ld9 · Sv 3+ · Power fist (S8 AP2, Unwieldy) · 3 attacks each in round 1',
      },
      { label: 'Special rules', text: 'charged · And They Shall Know No Fear' },
    ]);
    expect(profiles.defender[1]).toEqual({
      label: 'Ork Nob ×1',
      text: 'WS4 S4 T4 W2 I3 A3 Ld7 · Sv 6+ · Power klaw (S8 AP2, Unwieldy) · 3 attacks each in round 1',
    });
  });
});
