import { describe, expect, it } from 'vitest';
import { oldWorld } from '../../../../core/systems/old-world';
import { attacksOf, strikingModels } from '../../../../core/systems/old-world/strikes';
import { play, rollStep, setupOf, start } from './helpers';

/**
 * A character in the front rank (6th edition): a character who joins a unit takes a place in its
 * front rank in place of a rank-and-file model, so a 5-wide unit with its Captain fights with 4
 * rank-and-file models and the Captain; when he falls, a rank-and-file model steps into his place.
 */

const captain = {
  name: 'Captain',
  profile: {
    movement: 4,
    weaponSkill: 4,
    strength: 4,
    toughness: 4,
    wounds: 2,
    initiative: 2,
    attacks: 2,
    leadership: 8,
  },
};
const rankAndFile = { role: 'attacker' as const, unit: 0, character: null };

describe('a character takes a place in the front rank', () => {
  it('a 5-wide unit with its Captain fights with 4 rank-and-file models and the Captain', () => {
    const c = start(setupOf({ charged: true, characters: [captain] }, {}));
    expect(strikingModels(c.state, rankAndFile)).toBe(4);
    // The charging unit strikes at once: 4 rank-and-file attacks and the Captain's 2.
    expect(rollStep(c).groups).toMatchObject([
      { label: 'Swordsmen at Spearmen', count: 4 },
      { label: 'Captain at Spearmen', count: 2 },
    ]);
  });

  it('two characters take two places: 3 rank-and-file models fight beside them', () => {
    const c = start(setupOf({ characters: [captain, { ...captain, name: 'Standard Bearer' }] }, {}));
    expect(strikingModels(c.state, rankAndFile)).toBe(3);
    expect(attacksOf(c.state, rankAndFile)).toBe(3);
  });

  it('when the character falls, a rank-and-file model steps into his place', () => {
    // The Spearmen single out the Captain (I2) and strike first (I3): two unsaved wounds slay him.
    const setup = setupOf(
      { characters: [captain], profile: { initiative: 2 } },
      { attacksAt: 0, profile: { initiative: 3, strength: 5 } },
    );
    let c = start(setup);
    expect(strikingModels(c.state, rankAndFile)).toBe(4);
    c = play(c, [6, 6, 1, 1, 1], [6, 6]);
    expect(c.state.lost['attacker.0.c0']).toBe(2);
    expect(strikingModels(c.state, rankAndFile)).toBe(5);
    expect(rollStep(c)).toMatchObject({ title: 'Swordsmen attack Spearmen: to hit', count: 5 });
  });

  it('models in contact given in the setup are what they are: the character does not change them', () => {
    const c = start(setupOf({ inContact: 3, characters: [captain] }, {}));
    expect(strikingModels(c.state, rankAndFile)).toBe(3);
  });

  it('the rank diagram draws him in the rank: the view says he is in the front rank, the rank and file beside him', () => {
    const view = oldWorld.view(start(setupOf({ models: 10, characters: [captain] }, {})).state);
    const unit = view.sides.attacker.units[0]!;
    expect(unit.formation).toMatchObject({ rankWidth: 5, rankAndFile: 10, characters: 1 });
    expect(unit.models.filter((m) => m.character).map((m) => m.name)).toEqual(['Captain']);
  });
});
