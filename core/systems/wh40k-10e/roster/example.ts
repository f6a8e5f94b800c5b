/**
 * The roster's example unit, as the unit editor and a new roster open on it: five Intercessors
 * (M6 T4 Sv3+ W2 Ld6+ OC2) with bolt rifles — the setup screen's attackers (example.ts).
 */
export const exampleProfile = {
  keywords: ['infantry', 'imperium'],
  models: [
    {
      name: 'Intercessor',
      count: 5,
      movement: 6,
      toughness: 4,
      save: 3,
      wounds: 2,
      leadership: 6,
      objectiveControl: 2,
    },
  ],
  weapons: [{ name: 'Bolt rifle', range: 24, attacks: 2, skill: 3, strength: 4, ap: -1, damage: 1 }],
};
