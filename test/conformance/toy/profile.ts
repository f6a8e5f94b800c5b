import { strictObject, wholeNumber } from '../../../core/validation/fields';
import type { FilledSide, RosterUnitInput } from '../../../core/systems/definition';
import type { z } from 'zod';

/** A duellist as a roster keeps him: the blows he can take and what his blow needs. */
export const duelProfileSchema = strictObject({
  wounds: wholeNumber(1, 5).meta({ title: 'Wounds', description: 'blows he can take before he falls' }),
  hitsOn: wholeNumber(2, 6).meta({ title: 'Hits on', description: 'the D6 roll his blow needs (2+ to 6+)' }),
});

/** A stored duellist as one side of a duel: the roster names the side, the unit the duellist. */
export function duelSide(unit: RosterUnitInput<z.output<typeof duelProfileSchema>>): FilledSide {
  return { side: { name: unit.rosterName, duellist: { name: unit.unitName, ...unit.profile } } };
}
