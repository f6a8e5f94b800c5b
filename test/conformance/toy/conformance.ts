import { chosen, entered, storedRecord, went, type SystemConformance } from '../../../core/systems/conformance';
import { exampleSetup } from './index';

const duel = (wounds: [number, number], hitsOn: [number, number]) => ({
  system: 'dice-duel',
  attacker: { name: 'Reikland', duellist: { name: 'Captain', wounds: wounds[0], hitsOn: hitsOn[0] } },
  defender: { name: 'Greenskins', duellist: { name: 'Champion', wounds: wounds[1], hitsOn: hitsOn[1] } },
});

/** What every system must show (core/systems/conformance.ts), for the toy dice duel. */
export const conformance: SystemConformance = {
  examples: ['test/conformance/toy/examples/captain-vs-champion.json'],
  combats: { small: duel([1, 2], [4, 4]), club: duel([5, 5], [5, 5]) },
  // The Captain strikes and wounds the Champion, who wounds him back on a 6; in round 2 the Captain
  // feints (both blows need one more) and still lands his on a 5: the Champion falls.
  stored: {
    record: storedRecord('dice-duel', 'Captain vs Champion', exampleSetup, 7, [
      chosen('stance.0', 'strike'),
      entered('challengerBlow.1', [4]),
      entered('defenderBlow.2', [6]),
      went('roundEnd.3'),
      chosen('stance.4', 'feint'),
      entered('challengerBlow.5', [5]),
    ]),
    expected: {
      steps: 6,
      modelsLost: { attacker: 0, defender: 1 },
      outcome: ['Captain wins the duel in round 2'],
      actualValue: 1,
      winner: 'attacker',
      choices: ['Strike', 'Feint'],
    },
  },
  profiles: {
    valid: { wounds: 2, hitsOn: 4 },
    invalid: { profile: { wounds: 2, hitsOn: 9 }, field: 'profile.hitsOn' },
  },
  targets: { stepsPerRound: 4, printPagesPerRound: 2 },
  guide: 'test/conformance/toy/GUIDE.md',
};
