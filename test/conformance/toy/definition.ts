import { defineSystem } from '../../../core/systems/definition';
import { label } from '../../../core/validation/profileLabels';
import { duelAnalysis } from './analysis';
import { diceDuel } from './index';
import { duelProfileSchema, duelSide } from './profile';

/** The dice duel (a toy system of the tests): registered only in the conformance kit's registry. */
export const diceDuelSystem = defineSystem({
  id: 'dice-duel',
  name: diceDuel.name,
  rules: diceDuel,
  analysis: duelAnalysis,
  roster: {
    profile: duelProfileSchema,
    labels: { fields: { wounds: label('W', 'Wounds'), hitsOn: label('Hits on', 'The D6 roll his blow needs') } },
    exampleProfile: { wounds: 2, hitsOn: 4 },
    toSide: (unit) => duelSide(unit),
  },
  conformance: () => import('./conformance'),
});
