import { describe, expect, it } from 'vitest';
import { wh40k10e } from '../../../../core/systems/wh40k-10e';
import { chooseStep, finalLines, play, repeat, rollStep, setupOf, start, weapon, wounds } from './helpers';

const W3 = { models: [{ count: 3, toughness: 4, save: 3, wounds: 3 }] };

describe('weapon abilities through the engine (RULES §1 weapon abilities, seed 001)', () => {
  it('Lethal Hits: a Critical Hit wounds automatically, the others roll to wound', () => {
    let c = start(setupOf({ weapons: [weapon({ attacks: 3, abilities: { lethalHits: true } })] }));
    c = play(c, [6, 4, 1]);
    expect(rollStep(c)).toMatchObject({ title: 'Gun: wound roll', count: 1 });
    c = play(c, [5]);
    expect(rollStep(c)).toMatchObject({ title: 'Gun: saving throws', count: 2 });
    c = play(c, [1, 1]);
    expect(finalLines(c)[0]).toBe('Targets: 2 models destroyed of 10');
  });

  it('Lethal Hits are not Critical Wounds: no Devastating Wounds from them', () => {
    let c = start(
      setupOf({ weapons: [weapon({ attacks: 1, abilities: { lethalHits: true, devastatingWounds: true } })] }),
    );
    c = play(c, [6]);
    expect(rollStep(c)).toMatchObject({ title: 'Gun: saving throws', count: 1 });
    expect(c.state.devastatingPending).toEqual([]);
  });

  it('Sustained Hits 1: each Critical Hit scores one extra hit that rolls to wound', () => {
    let c = start(setupOf({ weapons: [weapon({ attacks: 2, abilities: { sustainedHits: '1' } })] }));
    c = play(c, [6, 4]);
    expect(rollStep(c)).toMatchObject({ title: 'Gun: wound roll', count: 3 });
  });

  it('Sustained Hits D3: a D3 per Critical Hit, rolled after the hits', () => {
    let c = start(setupOf({ weapons: [weapon({ attacks: 3, abilities: { sustainedHits: 'D3' } })] }));
    c = play(c, [6, 6, 2]);
    expect(rollStep(c)).toMatchObject({ title: 'Gun: Sustained Hits D3', count: 2, sides: 3 });
    c = play(c, [2, 3]);
    expect(rollStep(c)).toMatchObject({ title: 'Gun: wound roll', count: 7 });
  });

  it('Sustained Hits 2 + Lethal Hits on the same critical: it wounds automatically and adds 2 hits to wound', () => {
    let c = start(setupOf({ weapons: [weapon({ attacks: 2, abilities: { sustainedHits: '2', lethalHits: true } })] }));
    c = play(c, [6, 1]);
    expect(rollStep(c)).toMatchObject({ title: 'Gun: wound roll', count: 2 });
    c = play(c, [4, 3]);
    expect(rollStep(c)).toMatchObject({ title: 'Gun: saving throws', count: 2 });
  });

  it('Devastating Wounds: a Critical Wound allows no save and its D mortal wounds come after normal damage, excess lost', () => {
    let c = start(
      setupOf({ weapons: [weapon({ attacks: 3, damage: 2, abilities: { devastatingWounds: true } })], defender: W3 }),
    );
    c = play(c, [4, 4, 4], [6, 4, 1]);
    expect(c.state.devastatingPending).toEqual([{ weapon: 0, count: 1 }]);
    expect(rollStep(c)).toMatchObject({ title: 'Gun: saving throws', count: 1 });
    c = play(c, [1]); // the normal wound: 3 → 1
    expect(wounds(c)).toEqual([0, 3, 3]);
    // the 2 mortal wounds go to the wounded model: 1 is enough, the excess 1 is lost (seed 001)
    expect(finalLines(c).slice(0, 2)).toEqual(['Targets: 1 model destroyed of 3', 'Wounds lost: 3']);
  });

  it('Devastating Wounds mortal wounds wait until every weapon profile has been resolved', () => {
    const setup = setupOf({
      weapons: [weapon({ name: 'Dev', damage: 2, abilities: { devastatingWounds: true } }), weapon({ name: 'Plain' })],
      defender: W3,
    });
    let c = start(setup);
    c = play(c, [4], [6]);
    expect(rollStep(c).title).toBe('Plain: hit roll');
    expect(wounds(c)).toEqual([3, 3, 3]);
    c = play(c, [4], [4], [1]);
    expect(wounds(c)).toEqual([0, 3, 3]); // Plain's 1 damage first, then Dev's 2 mortal wounds
  });

  it('Twin-linked: the failed wound rolls are re-rolled once', () => {
    let c = start(setupOf({ weapons: [weapon({ attacks: 3, abilities: { twinLinked: true } })] }));
    c = play(c, [4, 4, 4], [1, 3, 5]);
    expect(rollStep(c)).toMatchObject({ title: 'Gun: wound re-roll', count: 2 });
    c = play(c, [4, 1]);
    expect(rollStep(c)).toMatchObject({ title: 'Gun: saving throws', count: 2 });
  });

  it('Anti-INFANTRY 4+: an unmodified 4+ wound roll is a Critical Wound against INFANTRY', () => {
    const w = weapon({
      strength: 2,
      abilities: { anti: { keyword: 'Infantry', threshold: 4 }, devastatingWounds: true },
    });
    let c = start(setupOf({ weapons: [w], defender: { keywords: ['INFANTRY'] } }));
    c = play(c, [4]);
    expect(rollStep(c)).toMatchObject({ passOn: 4, criticalOn: 4 });
    c = play(c, [4]); // a Critical Wound with Devastating Wounds: no save step, 1 mortal wound
    expect(c.state.log.find((l) => l.title === 'Gun: wound roll')!.result).toContain('1 Devastating Wounds');
    expect(finalLines(c)[0]).toBe('Targets: 1 model destroyed of 10');
    const plain = play(start(setupOf({ weapons: [w] })), [4]);
    expect(rollStep(plain)).toMatchObject({ passOn: 6, criticalOn: 6 }); // S2 vs T4: S ≤ T/2 → 6+
  });

  it('Torrent: no hit roll, every attack hits (no Critical Hits, so no Lethal Hits)', () => {
    const c = start(setupOf({ weapons: [weapon({ attacks: 'D6', abilities: { torrent: true, lethalHits: true } })] }));
    const after = play(c, [5]);
    expect(rollStep(after)).toMatchObject({ title: 'Gun: wound roll', count: 5 });
  });

  it('Blast: +1 attack per 5 target models, per attacking model', () => {
    const ten = start(setupOf({ weapons: [weapon({ models: 2, abilities: { blast: true } })] }));
    expect(rollStep(ten).count).toBe(2 + 2 * 2);
    const nine = start(
      setupOf({
        weapons: [weapon({ models: 2, abilities: { blast: true } })],
        defender: { models: [{ count: 9, toughness: 4, save: 3, wounds: 1 }] },
      }),
    );
    expect(rollStep(nine).count).toBe(2 + 2 * 1);
  });

  it('Blast counts the models of the target unit when it was selected: a first weapon killing 5 of 10 leaves +2 attacks (RULES §1 Blast)', () => {
    const setup = setupOf({
      weapons: [
        weapon({ name: 'Flamer', attacks: 5, abilities: { torrent: true } }),
        weapon({ name: 'Frag', models: 1, abilities: { blast: true } }),
      ],
      defender: { models: [{ count: 10, toughness: 4, save: 7, wounds: 1 }] },
    });
    // Flamer: 5 automatic hits, 5 wounds (4+), no save: 5 of the 10 die.
    const afterFlamer = play(start(setup), repeat(6, 5));
    expect(afterFlamer.state.models.filter((m) => m.woundsLeft === 0)).toHaveLength(5);
    expect(rollStep(afterFlamer)).toMatchObject({ title: 'Frag: hit roll', count: 1 + 2 });
  });

  it('Rapid Fire X: +X attacks per model within half range only; dice are rolled', () => {
    const w = weapon({ attacks: 2, models: 2, abilities: { rapidFire: '1' } });
    expect(rollStep(start(setupOf({ weapons: [w], attacker: { halfRange: true } }))).count).toBe(6);
    expect(rollStep(start(setupOf({ weapons: [w] }))).count).toBe(4);
    let c = start(
      setupOf({
        weapons: [weapon({ attacks: 2, models: 2, abilities: { rapidFire: 'D3' } })],
        attacker: { halfRange: true },
      }),
    );
    expect(rollStep(c)).toMatchObject({ title: 'Gun: roll Rapid Fire attacks', count: 2, sides: 3 });
    c = play(c, [3, 1]);
    expect(rollStep(c)).toMatchObject({ title: 'Gun: hit roll', count: 8 });
  });

  it('Melta X: +X damage within half range', () => {
    const defender = { models: [{ count: 1, toughness: 10, save: 3, wounds: 12 }] };
    let c = start(
      setupOf({
        weapons: [weapon({ strength: 9, ap: -4, damage: 'D6', abilities: { melta: '2' } })],
        attacker: { halfRange: true },
        defender,
      }),
    );
    c = play(c, [4], [5]); // hit, wound (S9 vs T10: 5+); Sv3+ AP-4 cannot be passed
    expect(rollStep(c)).toMatchObject({ title: 'Gun: damage', count: 1, sides: 6 });
    c = play(c, [3]);
    expect(wounds(c)).toEqual([12 - 5]);
    let d = start(
      setupOf({
        weapons: [weapon({ strength: 9, ap: -4, damage: 'D6', abilities: { melta: 'D3' } })],
        attacker: { halfRange: true },
        defender,
      }),
    );
    d = play(d, [4], [5]);
    // one step takes the attack's Damage D6 and its Melta D3 (fast dice rolling, step protocol groups)
    expect(rollStep(d)).toMatchObject({
      title: 'Gun: damage',
      count: 2,
      groups: [
        { id: 'damage', count: 1, sides: 6 },
        { id: 'melta', count: 1, sides: 3 },
      ],
    });
    d = play(d, [3, 2]);
    expect(wounds(d)).toEqual([12 - 5]);
    const far = play(
      start(setupOf({ weapons: [weapon({ strength: 9, ap: -4, damage: 'D6', abilities: { melta: '2' } })], defender })),
      [4],
      [5],
      [3],
    );
    expect(wounds(far)).toEqual([12 - 3]);
  });

  it('Lance: +1 to wound when the bearer charged', () => {
    const w = weapon({ abilities: { lance: true } });
    expect(rollStep(play(start(setupOf({ weapons: [w], attacker: { charged: true } })), [4])).passOn).toBe(3);
    expect(rollStep(play(start(setupOf({ weapons: [w] })), [4])).passOn).toBe(4);
  });

  it('Heavy: +1 to hit when the unit remained stationary', () => {
    const w = weapon({ abilities: { heavy: true } });
    const still = rollStep(start(setupOf({ weapons: [w], attacker: { remainedStationary: true, ranged: true } })));
    expect(still.passOn).toBe(2);
    expect(still.why[0]!.detail).toContain('BS 3+; Heavy +1 (remained stationary) → net +1 → 2+');
    expect(rollStep(start(setupOf({ weapons: [w], attacker: { ranged: true } }))).passOn).toBe(3);
  });

  it('Benefit of Cover and Ignores Cover: +1 to armour saves against ranged attacks unless the weapon Ignores Cover', () => {
    const defender = { cover: true, models: [{ count: 5, toughness: 4, save: 4, wounds: 1 }] };
    const covered = play(start(setupOf({ weapons: [weapon()], attacker: { ranged: true }, defender })), [4], [4]);
    expect(rollStep(covered)).toMatchObject({ title: 'Gun: saving throws', passOn: 3 });
    const ignored = play(
      start(
        setupOf({ weapons: [weapon({ abilities: { ignoresCover: true } })], attacker: { ranged: true }, defender }),
      ),
      [4],
      [4],
    );
    expect(rollStep(ignored).passOn).toBe(4);
    const melee = play(start(setupOf({ weapons: [weapon()], defender })), [4], [4]);
    expect(rollStep(melee).passOn).toBe(4);
  });

  it('Hazardous: a D6 per model after all attacks; a 1 costs that model 3 mortal wounds, and its player says whether it fell (RULES §1 Hazardous)', () => {
    let c = start(setupOf({ weapons: [weapon({ models: 2, abilities: { hazardous: true } })] }));
    c = play(c, [1, 1]);
    expect(rollStep(c)).toMatchObject({ title: 'Hazardous tests', count: 2, actor: 'attacker' });
    c = play(c, [1, 4]);
    // The app does not know the attacking model's wounds: its player says whether 3 mortal wounds (excess lost) slew it.
    const ask = chooseStep(c);
    expect(ask).toMatchObject({ actor: 'attacker', title: "Attackers' model 1: Hazardous" });
    expect(ask.options.map((o) => o.id)).toEqual(['destroyed', 'survived']);
    expect(ask.options.find((o) => o.suggested)?.id).toBe('destroyed');
    c = play(c, 'destroyed');
    expect(finalLines(c).at(-1)).toMatch(
      /model 1 with Gun rolled a 1 and suffers 3 mortal wounds \(excess lost\): destroyed/,
    );
    // The attacking unit's loss is in the view (the printed summary and the club-night tally count it from there).
    const lost = wh40k10e.view(c.state).sides.attacker.units[0]!.models;
    expect(lost).toEqual([expect.objectContaining({ name: "Attackers' model 1", destroyed: true })]);
  });

  it('Hazardous: a model that survives its 3 mortal wounds is listed as wounded, not lost', () => {
    const c = play(start(setupOf({ weapons: [weapon({ abilities: { hazardous: true } })] })), [1], [1], 'survived');
    expect(finalLines(c).at(-1)).toMatch(/suffers 3 mortal wounds \(excess lost\): survived/);
    expect(wh40k10e.view(c.state).sides.attacker.units[0]!.models).toEqual([
      expect.objectContaining({ destroyed: false }),
    ]);
  });

  it('Hazardous: no test for a weapon that never attacked because the target was destroyed first', () => {
    const defender = { models: [{ count: 1, toughness: 4, save: 7, wounds: 1 }] };
    const c = play(
      start(setupOf({ weapons: [weapon(), weapon({ name: 'Plasma', abilities: { hazardous: true } })], defender })),
      [4],
      [4],
    );
    expect(finalLines(c).some((l) => l.includes('Hazardous'))).toBe(false);
  });

  it('Deadly Demise: a D6 per destroyed model with it; on a 6 a line for the units within 6" (not applied here)', () => {
    const defender = { models: [{ count: 2, toughness: 4, save: 7, wounds: 1, deadlyDemise: 'D3' }] };
    let c = start(setupOf({ weapons: [weapon({ attacks: 2 })], defender }));
    c = play(c, [4, 4], [4, 4]);
    expect(rollStep(c)).toMatchObject({ title: 'Deadly Demise', count: 2, passOn: 6 });
    c = play(c, [6, 3]);
    const lines = finalLines(c);
    expect(lines.filter((l) => l.includes('Deadly Demise'))).toHaveLength(1);
    expect(lines.at(-1)).toMatch(/each unit within 6" suffers D3 mortal wounds.*not applied/);
  });

  it('Precision: the attacker may allocate to a CHARACTER while other models remain', () => {
    const defender = {
      models: [
        { name: 'Guard', count: 3, toughness: 4, save: 3, wounds: 1 },
        { name: 'Captain', count: 1, toughness: 4, save: 3, wounds: 5, character: true },
      ],
    };
    let c = start(setupOf({ weapons: [weapon({ damage: 2, abilities: { precision: true } })], defender }));
    c = play(c, [4], [4]);
    const step = chooseStep(c);
    expect(step.actor).toBe('attacker');
    expect(step.options.map((o) => o.id)).toEqual(['m3', 'defender']);
    c = play(c, 'm3', [1]);
    expect(wounds(c)).toEqual([1, 1, 1, 3]);
  });
});
