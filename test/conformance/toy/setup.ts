import { z } from 'zod';
import { nameText, strictObject, wholeNumber } from '../../../core/validation/fields';

/**
 * The dice duel: a toy rule system that lives only in the tests (test/conformance), registered in
 * the kit's registry beside the app's. Two duellists trade blows, round after round, until one
 * falls; the challenger picks a stance each round. It has every kind of step (a choice, rolls, an
 * outcome), whole-combat odds and a round model, and shows that a system whole in its folder passes
 * the conformance kit with nothing outside that folder touched but the registry it is added to.
 */

/** A duellist's line: the blows he can take and what his own blow needs on a D6. */
export const duellistSchema = strictObject({
  name: nameText().meta({ title: 'Name', description: 'the duellist, as the players call him' }),
  wounds: wholeNumber(1, 5).meta({ title: 'Wounds', description: 'blows he can take before he falls' }),
  hitsOn: wholeNumber(2, 6).meta({ title: 'Hits on', description: 'the D6 roll his blow needs (2+ to 6+)' }),
});

const sideSchema = strictObject({
  name: nameText().meta({ title: 'Side', description: 'the player or army' }),
  duellist: duellistSchema.meta({ title: 'Duellist', description: 'who fights for the side' }),
});

export const setupSchema = strictObject({
  system: z
    .literal('dice-duel', { error: 'expected "dice-duel"' })
    .meta({ title: 'Rule system', description: 'Dice duel' }),
  attacker: sideSchema.meta({ title: 'Challenger', description: 'strikes first each round' }),
  defender: sideSchema.meta({ title: 'Defender', description: 'strikes back while standing' }),
});

export type Setup = z.infer<typeof setupSchema>;
export type Duellist = z.infer<typeof duellistSchema>;
