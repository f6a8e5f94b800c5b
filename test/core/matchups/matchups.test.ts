import { describe, expect, it } from 'vitest';
import { runToEnd } from '../../../core/analysis/chunked';
import { wholeCombatOf } from '../../../core/analysis/combat';
import { fightHeadline } from '../../../core/analysis/combat/headline';
import {
  cellInChunks,
  cellOrder,
  cellText,
  fillPointOf,
  matchupMarkdown,
  matchupSetup,
  matchupTableSchema,
  tableOf,
  type MatchupSide,
} from '../../../core/matchups';
import { setupFilledWith, sideFromUnit } from '../../../core/roster/fill';
import { registry } from '../../../core/systems';
import { validProfiles } from '../store/fixtures';

const oldWorld = registry.definitionOf('old-world')!;
const tenth = registry.definitionOf('wh40k-10e')!;

/** An Old World infantry profile with its weapon skill and strength changed: a better or worse fighter. */
function oldWorldUnit(id: string, name: string, weaponSkill: number, strength: number) {
  const base = structuredClone(validProfiles['old-world']) as Record<string, unknown>;
  const profile = { ...base, weaponSkill, strength };
  return { id, name, profile };
}

const empire: MatchupSide = {
  name: 'Empire',
  units: [oldWorldUnit('weak', 'Militia', 2, 3), oldWorldUnit('strong', 'Greatswords', 4, 4)],
};
const orcs: MatchupSide = {
  name: 'Orcs',
  units: [oldWorldUnit('boyz', 'Orc Boyz', 3, 3), oldWorldUnit('big', 'Big Uns', 4, 4)],
};

function tableFor(mine: MatchupSide, theirs: MatchupSide, definition = oldWorld, mode?: 'fighting' | 'shooting') {
  const cells = cellOrder(mine, theirs).map((pair) => {
    const m = mine.units.find((u) => u.id === pair.mine)!;
    const t = theirs.units.find((u) => u.id === pair.theirs)!;
    return runToEnd(
      cellInChunks(definition, {
        mine: { id: m.id, rosterName: mine.name, unitName: m.name, profile: m.profile },
        theirs: { id: t.id, rosterName: theirs.name, unitName: t.name, profile: t.profile },
        mode,
      }),
    );
  });
  return tableOf(definition.id, mode, mine, theirs, cells);
}

describe('the matchup table (issue 37)', () => {
  it('gives every cell win, lose and draw chances that add up, with the headline a combat would show', () => {
    const table = tableFor(empire, orcs);
    expect(matchupTableSchema.safeParse(table).success).toBe(true);
    expect(table.rows).toHaveLength(2);
    for (const row of table.rows) {
      expect(row.cells.map((c) => c.theirs)).toEqual(['boyz', 'big']);
      for (const cell of row.cells) {
        const o = cell.odds!;
        expect(o.kind).toBe('whole');
        expect(o.win + o.lose + o.draw + o.unfinished).toBeCloseTo(1, 9);
        expect(o.headline).toMatch(/^Empire win the fight .* · Orcs /);
      }
    }
  });

  it('puts the unit with the best odds first and marks its best target', () => {
    const table = tableFor(empire, orcs);
    expect(table.rows.map((r) => r.unit.id)).toEqual(['strong', 'weak']);
    const strong = table.rows[0]!;
    // Greatswords do better against the Boyz than against the Big Uns.
    const [boyz, big] = strong.cells;
    expect(boyz!.odds!.win).toBeGreaterThan(big!.odds!.win);
    expect(strong.best).toBe('boyz');
  });

  it('is the very combat "Pick from roster" makes: the same odds as the setup screen filled by hand', () => {
    const [m, t] = [empire.units[1]!, orcs.units[0]!];
    let setup = structuredClone(oldWorld.rules.exampleSetup) as Record<string, unknown>;
    for (const [side, unit, roster] of [
      ['attacker', m, 'Empire'],
      ['defender', t, 'Orcs'],
    ] as const) {
      const filled = sideFromUnit(
        oldWorld,
        { rosterName: roster, unitName: unit.name, profile: unit.profile },
        { side },
      );
      if (!filled.ok) throw new Error(filled.message);
      const where = fillPointOf(oldWorld, side)!;
      const merged = setupFilledWith(oldWorld, setup, { side, where, fresh: true }, filled.value.side);
      if (!merged.ok) throw new Error(merged.message);
      setup = merged.value;
    }
    const direct = matchupSetup(
      oldWorld,
      { rosterName: 'Empire', unitName: m.name, profile: m.profile },
      { rosterName: 'Orcs', unitName: t.name, profile: t.profile },
      undefined,
    );
    expect(direct).toEqual({ ok: true, value: setup });
    const answer = wholeCombatOf(oldWorld.analysis, oldWorld.rules.start(oldWorld.rules.setupSchema.parse(setup)));
    const cell = tableFor(empire, orcs).rows[0]!.cells[0]!;
    expect(answer?.ok && answer.odds.exact).toBe(true);
    if (!answer?.ok) throw new Error('no odds');
    expect(cell.odds).toMatchObject({ win: answer.odds.pAttackerWins, lose: answer.odds.pDefenderWins });
    expect(cell.odds!.headline).toBe(fightHeadline(answer.odds));
  });

  it('past its work cap a cell is an estimate, marked as one with its error', () => {
    const [m, t] = [empire.units[1]!, orcs.units[0]!];
    const cell = runToEnd(
      cellInChunks(
        oldWorld,
        {
          mine: { id: m.id, rosterName: 'Empire', unitName: m.name, profile: m.profile },
          theirs: { id: t.id, rosterName: 'Orcs', unitName: t.name, profile: t.profile },
        },
        2e6,
      ),
    );
    expect(cell.odds?.exact).toBe(false);
    expect(cell.odds?.standardError).toBeGreaterThan(0);
    expect(cell.odds?.headline).toContain('≈');
    const table = tableOf('old-world', undefined, { name: 'Empire', units: [m] }, { name: 'Orcs', units: [t] }, [cell]);
    expect(table.estimates).toBe(1);
    expect(matchupMarkdown(table)).toContain('≈ marks an estimate');
  });

  it('a unit that cannot fill the combat gives a cell without odds, saying why, and the rest of the table stands', () => {
    const broken: MatchupSide = {
      name: 'Empire',
      units: [{ id: 'x', name: 'Broken', profile: { weaponSkill: 'lots' } }],
    };
    const table = tableFor({ ...broken, units: [...broken.units, empire.units[1]!] }, orcs);
    const row = table.rows.find((r) => r.unit.id === 'x')!;
    expect(table.rows[table.rows.length - 1]).toBe(row);
    expect(row.best).toBeNull();
    for (const cell of row.cells) {
      expect(cell.odds).toBeNull();
      expect(cell.why).toMatch(/Unit "Broken" has a profile that is not valid/);
    }
    expect(table.rows[0]!.cells.every((c) => c.odds !== null)).toBe(true);
  });

  it('40k 10th edition: fighting takes the melee weapons, shooting the ranged, each one attack', () => {
    const marines: MatchupSide = {
      name: 'Marines',
      units: [{ id: 'i', name: 'Intercessors', profile: validProfiles['wh40k-10e'] }],
    };
    const fight = tableFor(marines, { ...marines, name: 'Traitors' }, tenth, 'fighting');
    const shoot = tableFor(marines, { ...marines, name: 'Traitors' }, tenth, 'shooting');
    const [f, s] = [fight.rows[0]!.cells[0]!.odds!, shoot.rows[0]!.cells[0]!.odds!];
    expect(f.kind).toBe('attack');
    expect(f.lose).toBe(0);
    expect(f.targetModels).toBe(5);
    expect(f.win + f.unfinished).toBeCloseTo(1, 9);
    expect(f.meanModelsDestroyed).not.toBeCloseTo(s.meanModelsDestroyed!, 6);
    expect(f.headline).toMatch(/^Intercessors wipe out Intercessors .* models destroyed on average$/);
    expect(shoot.mode).toBe('shooting');
  });

  it('writes the table as Markdown, best first, the best cell of each row in bold, pipes escaped', () => {
    const table = tableFor(empire, { ...orcs, units: [{ ...orcs.units[0]!, name: 'Boyz | mob' }, orcs.units[1]!] });
    const text = matchupMarkdown(table);
    const lines = text.trim().split('\n');
    expect(lines[0]).toBe('| Empire ↓ against Orcs → | Boyz \\| mob | Big Uns |');
    expect(lines[2]).toMatch(/^\| Greatswords \| \*\*Win \d+% · lose \d+%/);
    expect(lines).toHaveLength(4);
  });
});

describe('a cell in words', () => {
  const odds = (win: number, lose: number, exact = true) => ({
    kind: 'whole' as const,
    win,
    lose,
    draw: 1 - win - lose,
    unfinished: 0,
    exact,
    headline: '',
  });
  it('writes whole percents, never 0% or 100% for what can still happen, an estimate marked', () => {
    expect(cellText(odds(0.996, 0.004))).toBe('Win >99% · lose <1%');
    expect(cellText(odds(0.5, 0.45))).toBe('Win 50% · lose 45% · draw 5%');
    expect(cellText(odds(1, 0))).toBe('Win 100% · lose 0%');
    expect(cellText(odds(0.62, 0.38, false))).toBe('Win ≈\u00a062% · lose ≈\u00a038%');
    expect(cellText(null)).toBe('no odds');
  });
});
