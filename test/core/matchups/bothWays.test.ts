import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { runToEnd } from '../../../core/analysis/chunked';
import { wholeCombatOf } from '../../../core/analysis/combat';
import { fightHeadline } from '../../../core/analysis/combat/headline';
import type { WholeCombatOdds } from '../../../core/analysis/combat/types';
import {
  cellInChunks,
  fightAccount,
  matchupCells,
  matchupSetup,
  tableOf,
  type MatchupCell,
  type MatchupFighter,
  type MatchupOdds,
  type MatchupSide,
} from '../../../core/matchups';
import { registry } from '../../../core/systems';
import type { SystemDefinition } from '../../../core/systems/definition';
import { validProfiles } from '../store/fixtures';

/**
 * A cell both ways (issue 37): my unit charging theirs is the cell, their unit charging mine its
 * `defending` odds — each the very figures a combat started from that pairing shows before any die.
 */

/** What a combat of `attacker` charging `defender`, set up from the roster, shows of the whole fight before any die. */
function combatShows(definition: SystemDefinition, attacker: MatchupFighter, defender: MatchupFighter) {
  const setup = matchupSetup(definition, attacker, defender, undefined);
  if (!setup.ok) throw new Error(setup.message);
  const state = definition.rules.start(definition.rules.setupSchema.parse(setup.value));
  const answer = wholeCombatOf(definition.analysis, state);
  if (!answer?.ok) throw new Error('no odds');
  return answer.odds;
}

/** The cell's odds hold the combat's figures told from my side (`mine`: my unit's role in that combat); true where both were exact. */
function expectSameFight(odds: MatchupOdds, shown: WholeCombatOdds, mine: 'attacker' | 'defender'): boolean {
  const theirs = mine === 'attacker' ? 'defender' : 'attacker';
  const [win, lose] =
    mine === 'attacker' ? [shown.pAttackerWins, shown.pDefenderWins] : [shown.pDefenderWins, shown.pAttackerWins];
  if (odds.exact && shown.exact) {
    expect(odds).toMatchObject({ kind: 'whole', win, lose, draw: shown.pDraw, unfinished: shown.pUnfinished });
    expect(odds.headline).toBe(fightHeadline(shown));
    expect(odds.rounds).toEqual(shown.rounds);
    expect(odds.fates!.mine).toEqual({
      unit: shown[mine].unit,
      destroyed: shown[mine].pDestroyed,
      flees: shown[mine].pFlees,
      caught: shown[mine].pCaught,
    });
    expect(odds.fates!.theirs.unit).toBe(shown[theirs].unit);
    return true;
  } else {
    // An estimate on either side (a cell gets less work than a combat's panel): within four standard errors.
    const error = Math.max(odds.standardError ?? 0, shown.standardError ?? 0);
    expect(Math.abs(odds.win - win)).toBeLessThanOrEqual(4 * error + 1e-9);
    return false;
  }
}

const fighter = (rosterName: string, unitName: string, profile: unknown) => ({ rosterName, unitName, profile });

describe('a cell both ways: my charge and theirs', () => {
  const fights = registry.definitions.filter((d) => d.analysis?.combat && d.setupLayout?.fromRoster);
  it.each(fights.map((d) => [d.name, d] as const))(
    '%s: each way equals the whole-combat odds a combat started from that pairing shows',
    async (_, definition) => {
      const { conformance } = await definition.conformance();
      // The kit's valid profile, and a second where the fixtures or the system give one.
      const second = validProfiles[definition.id as keyof typeof validProfiles] ?? definition.roster.exampleProfile;
      const profiles = [conformance.profiles.valid, ...(second === undefined ? [] : [second])];
      const mine: MatchupSide = {
        name: 'Mine',
        units: profiles.map((profile, i) => ({ id: `m${i}`, name: `Ours ${i + 1}`, profile })),
      };
      const theirs: MatchupSide = {
        name: 'Theirs',
        units: profiles.map((profile, i) => ({ id: `t${i}`, name: `Foes ${i + 1}`, profile })),
      };
      const cells = matchupCells(definition, mine, theirs, undefined);
      expect(cells).toHaveLength(profiles.length ** 2);
      let exact = 0;
      for (const cell of cells) {
        const m = mine.units.find((u) => u.id === cell.mine)!;
        const t = theirs.units.find((u) => u.id === cell.theirs)!;
        const [me, them] = [fighter('Mine', m.name, m.profile), fighter('Theirs', t.name, t.profile)];
        if (expectSameFight(cell.odds!, combatShows(definition, me, them), 'attacker')) exact++;
        if (expectSameFight(cell.defending!, combatShows(definition, them, me), 'defender')) exact++;
      }
      // The examples are small enough to count exactly both ways: the figures themselves are compared.
      expect(exact).toBe(2 * cells.length);
    },
  );

  it('holds on random small rosters: every cell both ways, the same table in any order', () => {
    const oldWorld = registry.definitionOf('old-world')!;
    const profile = fc.record({
      models: fc.integer({ min: 1, max: 8 }),
      weaponSkill: fc.integer({ min: 1, max: 6 }),
      strength: fc.integer({ min: 2, max: 5 }),
      toughness: fc.integer({ min: 2, max: 5 }),
      armour: fc.integer({ min: 3, max: 7 }),
      leadership: fc.integer({ min: 5, max: 9 }),
    });
    const side = (name: string) =>
      fc.array(profile, { minLength: 1, maxLength: 2 }).map((ps): MatchupSide => ({
        name,
        units: ps.map((p, i) => ({
          id: `${name}${i}`,
          name: `${name} ${i + 1}`,
          profile: { ...structuredClone(validProfiles['old-world']), ...p, rankWidth: 4 },
        })),
      }));
    fc.assert(
      fc.property(side('Empire'), side('Orcs'), (mine, theirs) => {
        const cells = matchupCells(oldWorld, mine, theirs, undefined);
        const byRoster: MatchupCell[] = [];
        for (const m of mine.units)
          for (const t of theirs.units) {
            const request = {
              mine: { id: m.id, ...fighter(mine.name, m.name, m.profile) },
              theirs: { id: t.id, ...fighter(theirs.name, t.name, t.profile) },
            };
            byRoster.push(runToEnd(cellInChunks(oldWorld, request)));
            const cell = cells.find((c) => c.mine === m.id && c.theirs === t.id)!;
            expectSameFight(cell.odds!, combatShows(oldWorld, request.mine, request.theirs), 'attacker');
            expectSameFight(cell.defending!, combatShows(oldWorld, request.theirs, request.mine), 'defender');
          }
        const table = (c: MatchupCell[]) => tableOf('old-world', undefined, mine, theirs, c);
        expect(table(cells)).toEqual(table(byRoster));
      }),
      { numRuns: 12, seed: 37 },
    );
  });
});

describe('a cell’s fight told in words, both ways', () => {
  const odds: MatchupOdds = {
    kind: 'whole',
    win: 0.62,
    lose: 0.3,
    draw: 0.08,
    unfinished: 0,
    exact: true,
    headline: '',
    rounds: [0.2, 0.41, 0.25, 0.14],
    fates: {
      mine: { unit: 'Greatswords', destroyed: 0.01, flees: 0.2, caught: 0.09 },
      theirs: { unit: 'Orc Boyz', destroyed: 0.05, flees: 0.19, caught: 0.38 },
    },
  };
  const names = { mineSide: 'Empire', theirSide: 'Orcs', mineUnit: 'Greatswords', theirUnit: 'Orc Boyz' };

  it('says who charges, my chance, how it most likely goes, the rounds and who breaks', () => {
    const account = fightAccount(odds, names, 'mine')!;
    expect(account.title).toBe('Greatswords charge Orc Boyz');
    expect(account.figure).toBe('Empire win the fight 62.0%');
    expect(account.story).toBe(
      'Most likely Orc Boyz break and are caught (38.0%). The fight is most likely over in round 2 (41.0%).',
    );
    expect(account.rows).toEqual([
      ['Orcs win the fight', '30.0%'],
      ['A draw', '8.0%'],
      ['Orc Boyz: breaks and is caught', '38.0%'],
      ['Orc Boyz: breaks and gets away', '19.0%'],
      ['Orc Boyz: destroyed', '5.0%'],
      ['Greatswords: breaks and is caught', '9.0%'],
      ['Greatswords: breaks and gets away', '20.0%'],
      ['Greatswords: destroyed', '1.0%'],
    ]);
    expect(account.rounds).toBe('Over in round 1:\u00a020.0% · 2:\u00a041.0% · 3:\u00a025.0% · 4:\u00a014.0%');
    expect(account.note).toBeNull();
  });

  it('their charge: their unit named first, still my chance; an estimate says so with its error', () => {
    const account = fightAccount({ ...odds, exact: false, standardError: 0.012 }, names, 'theirs')!;
    expect(account.title).toBe('Orc Boyz charge Greatswords');
    expect(account.figure).toBe('Empire win the fight ≈\u00a062%');
    expect(account.note).toMatch(/^Estimated from played-out fights, ±\u00a01%/);
  });

  it('leaves out what cannot happen, and has no account for one attack', () => {
    const account = fightAccount(
      {
        ...odds,
        draw: 0,
        rounds: [1],
        fates: {
          theirs: { unit: 'Orc Boyz', destroyed: 0.0004, flees: 0.5, caught: 0.3 },
          mine: { unit: 'Greatswords', destroyed: 0, flees: 0, caught: 0 },
        },
      },
      names,
      'mine',
    )!;
    const labels = account.rows.map(([label]) => label);
    expect(labels).not.toContain('A draw');
    expect(labels.some((label) => label.startsWith('Greatswords:'))).toBe(false);
    expect(account.rounds).toBe('Over in round 1:\u00a0100.0%');
    // A chance that would read "0.0%" has no row: it reads as if it could not happen.
    expect(labels).not.toContain('Orc Boyz: destroyed');
    expect(labels).toContain('Orc Boyz: breaks and gets away');
    expect(fightAccount({ ...odds, kind: 'attack' }, names, 'mine')).toBeNull();
  });
});
