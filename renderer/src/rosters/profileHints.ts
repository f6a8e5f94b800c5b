import type { HintMap } from '../forms/hints';

/**
 * How the unit editor draws what a schema cannot say, per system (paths from the profile's root,
 * as renderer/src/forms/hints.ts names them). A system without an entry gets the plain form.
 */
export const profileHints: Record<string, HintMap> = {
  // The unit's defensive modifiers as the combat setup draws them (layouts/wh40k-10e.ts): switches for the rules a unit has or not.
  'wh40k-10e': {
    defensiveModifiers: { order: ['stealth', 'saveModifier', 'saveReroll', 'apReduction', 'halfDamage', 'damageReduction'] },
    'defensiveModifiers.stealth': { widget: 'switch' },
    'defensiveModifiers.apReduction': { widget: 'switch' },
    'defensiveModifiers.halfDamage': { widget: 'switch' },
    'defensiveModifiers.damageReduction': { widget: 'switch' },
    'defensiveModifiers.saveReroll': { optionLabels: { none: 'No re-roll', ones: 'Re-roll saves of 1', failed: 'Re-roll failed saves' } },
  },
};
