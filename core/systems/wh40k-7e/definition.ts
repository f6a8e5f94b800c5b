import { wh40k7eLayout } from './setupLayout';
import { wh40k7eRosterLabels } from './roster/labels';
import { defineSystem, SideRefused } from '../definition';
import { wh40k7eAnalysis } from './analysis';
import { wh40k7e } from './index';
import { wh40k7eImport } from './roster/battlescribe';
import { wh40k7eProfileSchema } from './roster/profile';
import { sideForCombat } from './roster/toCombat';

/** Warhammer 40,000 7th edition close combat (seed 000). */
export const wh40k7eSystem = defineSystem({
  id: 'wh40k-7e',
  name: wh40k7e.name,
  rules: wh40k7e,
  analysis: wh40k7eAnalysis,
  setupLayout: wh40k7eLayout,
  roster: {
    profile: wh40k7eProfileSchema,
    labels: wh40k7eRosterLabels,
    // The unit is the whole side (a side is one unit of model groups); what the converter chose (the first of several melee weapons…) goes to the player.
    toSide: ({ unitName, profile }) => {
      const converted = sideForCombat(unitName, profile);
      if (!converted.ok) throw new SideRefused(converted.problem, 'unitId', 'unsupported');
      return { side: converted.side, notes: converted.notes };
    },
    // BSData wh40k-7th-edition "Warhammer 40,000: 7th Edition" (BattleScribe 1.x and 2.x); by name, any other 7th edition data set.
    import: {
      ...wh40k7eImport,
      games: {
        ids: ['e1ebd931-a209-3ce4-87b4-d9918d25530b'],
        names: /warhammer\s{0,3}40(?:,?000|k).{0,40}\b7th\b|\bwh40k.{0,20}\b7(th|e)\b/i,
      },
    },
  },
  conformance: () => import('./conformance'),
});
