import { ninthAgeLayout } from './setupLayout';
import { ninthAgeRosterLabels } from './roster/labels';
import { defineSystem } from '../definition';
import { ninthAgeAnalysis } from './analysis';
import { ninthAge } from './index';
import { ninthAgeImport } from './roster/battlescribe';
import { ninthAgeProfileSchema } from './roster/profile';
import { unitForCombat } from './roster/toCombat';

/** The Ninth Age: melee between two units (seed 004). */
export const ninthAgeSystem = defineSystem({
  id: 'ninth-age',
  name: ninthAge.name,
  rules: ninthAge,
  analysis: ninthAgeAnalysis,
  setupLayout: ninthAgeLayout,
  roster: {
    profile: ninthAgeProfileSchema,
    labels: ninthAgeRosterLabels,
    // The side's one unit; the roster's name names the side.
    toSide: ({ rosterName, unitName, profile }) => ({
      side: { name: rosterName, unit: unitForCombat(unitName, profile) },
    }),
    // BSData The-9th-Age (2nd edition and the earlier data set); by name, any other Ninth Age data set.
    import: {
      ...ninthAgeImport,
      games: { ids: ['aa64-1e8e-66fc-9abf', '8c9a-3026-84b4-cf16'], names: /\b(9th|ninth)\s{1,3}age\b|\bt9a\b/i },
    },
  },
  conformance: () => import('./conformance'),
});
