import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { convertRosterFile } from '../../../../core/roster/import';
import { rosterXmlOf } from '../../../../core/battlescribe/read';
import { registry, definitionOf, SideRefused } from '../../../../core/systems';
import { profileSchemaFor, type SystemId } from '../../../../core/roster/profiles';
import { fixture, NOW } from './fixtures';

/**
 * Every roster file under test/fixtures/battlescribe, end to end (issue 23): import → preview →
 * roster → a combat side of each unit, checked by the system's own setup schema. Real files (from
 * public repositories: test/fixtures/README.md) are marked; the others were built from the
 * systems' BSData data sets where no public roster was found.
 */
/** The units a close combat refuses, in words: a 7th edition vehicle's armour values have no place in one. */
const RHINO = `Rhino: "Rhino" is a vehicle: its armour values do not fight in this close combat (only units with Toughness and Wounds).`;
const PIRANHAS = `Piranhas: "Piranhas" is a vehicle: its armour values do not fight in this close combat (only units with Toughness and Wounds).`;
const MONOLITH = `Necron Monolith: "Necron Monolith" is a vehicle: its armour values do not fight in this close combat (only units with Toughness and Wounds).`;

const files: readonly { file: string; system: SystemId; real: boolean; units: number; refused?: readonly string[] }[] =
  [
    { file: 'ultramarines-10e.rosz', system: 'wh40k-10e', real: true, units: 10 },
    { file: 'necrons-10e.rosz', system: 'wh40k-10e', real: true, units: 4 },
    { file: 'leagues-of-votann-10e.rosz', system: 'wh40k-10e', real: true, units: 8 },
    { file: 'keywords-10e.ros', system: 'wh40k-10e', real: false, units: 2 },
    { file: 'whfb6-definitive-dark-elves-newrecruit.ros', system: 'old-world', real: true, units: 4 },
    { file: 'whfb6-definitive-lizardmen-newrecruit.ros', system: 'old-world', real: true, units: 4 },
    { file: 'whfb6-definitive-bretonnia-newrecruit.rosz', system: 'old-world', real: true, units: 6 },
    { file: 'whfb6-empire.ros', system: 'old-world', real: false, units: 2 },
    { file: 'wh40k7e-marines.ros', system: 'wh40k-7e', real: false, units: 3, refused: [RHINO] },
    { file: 'wh40k7e-marines-bs1.ros', system: 'wh40k-7e', real: false, units: 3, refused: [RHINO] },
    { file: 'wh40k7e-necrons-1845-bs115.rosz', system: 'wh40k-7e', real: true, units: 7, refused: [MONOLITH] },
    { file: 'wh40k7e-tau-wham-bs115.ros', system: 'wh40k-7e', real: true, units: 6, refused: [PIRANHAS] },
    { file: 'ninth-age-empire.ros', system: 'ninth-age', real: false, units: 2 },
    { file: 'epic-armageddon-marines.ros', system: 'epic-armageddon', real: false, units: 2 },
  ];

/** The file's own points total, read from its text without the importer: its root `pts` cost (2.x) or `points` attribute (1.x). */
function filePoints(name: string): number {
  const read = rosterXmlOf(fixture(name));
  if (!read.ok) expect.fail(read.reason);
  const root = /<roster\s[^>]*>/.exec(read.value)![0];
  const costs =
    /^[^]*?<costs>([^]*?)<\/costs>/.exec(
      read.value.slice(read.value.indexOf(root) + root.length, read.value.indexOf('<forces>')),
    )?.[1] ?? '';
  const pts =
    /<cost\s[^>]*name="pts"[^>]*value="([\d.]+)"/.exec(costs) ??
    /<cost\s[^>]*value="([\d.]+)"[^>]*name="pts"/.exec(costs) ??
    /\spoints="([\d.]+)"/.exec(root);
  return Math.round(Number(pts![1]));
}

describe.each(files)('$file ($system)', ({ file, system, units, refused: expected }) => {
  const result = convertRosterFile(file, fixture(file), NOW, registry);
  if (!result.ok) throw new Error(result.message);
  const { preview, file: rosterFile } = result;
  const roster = rosterFile.rosters[0]!;

  it('imports whole: every unit, and the preview’s points equal the file’s own total and the units’ sum', () => {
    expect(preview.system).toBe(system);
    expect(roster.units).toHaveLength(units);
    expect(preview.units).toHaveLength(units);
    expect(preview.points).toBe(filePoints(file));
    const unitPoints = roster.units.reduce((sum, u) => sum + (u.points ?? 0), 0);
    expect(unitPoints).toBe(preview.points);
  });

  it('every unit fills both sides of a combat that the system’s setup accepts', () => {
    const definition = definitionOf(system)!;
    const example = definition.rules.exampleSetup as Record<string, Record<string, unknown>>;
    const refused: string[] = [];
    for (const unit of roster.units) {
      const profile = profileSchemaFor(registry, system)!.parse(unit.profile);
      const fill = (side: 'attacker' | 'defender', ranged?: boolean) =>
        definition.roster.toSide!({ rosterName: roster.name, unitName: unit.name, profile } as never, {
          side,
          ...(ranged === undefined ? {} : { ranged }),
        }).side;
      // The unit against itself: both sides replaced, so nothing of the example's sides refers across.
      for (const ranged of system === 'wh40k-10e' ? [true, false] : [undefined]) {
        try {
          fill('attacker', ranged);
        } catch (error) {
          if (!(error instanceof SideRefused)) throw error;
          refused.push(`${unit.name}: ${error.message}`);
          continue;
        }
        const attacker: Record<string, unknown> = {
          ...example['attacker'],
          ...fill('attacker', ranged),
          ...(ranged === undefined ? {} : { ranged }),
        };
        if (ranged !== undefined && (attacker['weapons'] as unknown[]).length === 0) continue; // no weapon of that kind
        const setup = { ...example, attacker, defender: { ...example['defender'], ...fill('defender', ranged) } };
        const parsed = definition.rules.setupSchema.safeParse(setup);
        if (!parsed.success)
          expect.fail(
            `${unit.name}${ranged === undefined ? '' : ranged ? ' (shooting)' : ' (fighting)'}: ${parsed.error.issues[0]?.path.join('.')} ${parsed.error.issues[0]?.message}`,
          );
      }
    }
    // Only a 7th edition vehicle is refused, in words: its armour values have no place in a close combat.
    expect(refused).toEqual(expected ?? []);
  });
});

describe('real files of each system, read as a player would expect', () => {
  const unitOf = (file: string, name: string) => {
    const result = convertRosterFile(file, fixture(file), NOW, registry);
    if (!result.ok) expect.fail(result.message);
    const unit = result.file.rosters[0]!.units.find((u) => u.name === name);
    if (!unit) expect.fail(`${file} has no unit ${name}`);
    return { unit, preview: result.preview, profile: unit.profile as Record<string, unknown> };
  };

  it('6th definitive edition (New Recruit): recognised by its game system id, no note needed', () => {
    const { preview } = unitOf('whfb6-definitive-dark-elves-newrecruit.ros', 'Dark Elf Warriors');
    expect(preview.gameSystem).toBe('Warhammer Fantasy Battles (6th definitive edition)');
    expect(preview.rosterNotes.some((n) => n.includes('not a data set Combat Companion knows'))).toBe(false);
  });

  it('Dark Elf Warriors: 13 models with light armour and shields, a 5+ save (light armour 6+, a shield +1)', () => {
    const { profile } = unitOf('whfb6-definitive-dark-elves-newrecruit.ros', 'Dark Elf Warriors');
    expect(profile).toMatchObject({
      models: 13,
      weaponSkill: 4,
      strength: 3,
      toughness: 3,
      armour: 5,
      troopType: 'infantry',
    });
  });

  it('Saurus Warriors: scaly skin 6+ adds to the shield, a 5+ save', () => {
    const { profile, unit } = unitOf('whfb6-definitive-lizardmen-newrecruit.ros', 'Saurus Warriors');
    expect(profile).toMatchObject({ models: 10, toughness: 4, armour: 5 });
    expect(unit.notes).toContain('Armour save 5+ worked out from scaly skin 6+, a shield: check it.');
  });

  it('a mounted Bretonnian lord: heavy armour, shield, barding and horse, a 2+ save, cavalry and a character', () => {
    const { profile } = unitOf('whfb6-definitive-bretonnia-newrecruit.rosz', "Duc d'Lorraine");
    expect(profile).toMatchObject({ models: 1, armour: 2, troopType: 'cavalry', character: true });
  });

  it('BattleScribe 1.x (7th edition): the same army as its 2.x file, unit for unit', () => {
    const one = convertRosterFile('bs1.ros', fixture('wh40k7e-marines-bs1.ros'), NOW, registry);
    const two = convertRosterFile('bs2.ros', fixture('wh40k7e-marines.ros'), NOW, registry);
    if (!one.ok || !two.ok) expect.fail('both import');
    const strip = (units: (typeof one.file.rosters)[0]['units']) =>
      units.map((u) => ({ name: u.name, points: u.points, profile: u.profile }));
    expect(strip(one.file.rosters[0]!.units).sort((a, b) => a.name.localeCompare(b.name))).toEqual(
      strip(two.file.rosters[0]!.units).sort((a, b) => a.name.localeCompare(b.name)),
    );
    expect(one.preview.pointsLimit).toBe(1850);
  });

  it('the 49 kB zip bomb beside them is still refused', () => {
    expect(readFileSync('test/fixtures/battlescribe/zip-bomb.rosz').length).toBeLessThan(60_000);
    expect(convertRosterFile('zip-bomb.rosz', fixture('zip-bomb.rosz'), NOW, registry)).toEqual({
      ok: false,
      message:
        'zip-bomb.rosz cannot be imported: the roster inside is larger than 10 MB once unzipped; a real roster is far smaller, so it is not read.',
    });
  });
});
