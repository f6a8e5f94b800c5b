import { registry } from '../../../core/systems';
import { describe, expect, it } from 'vitest';
import { checkUnit, parseRosterFile, profileSchemaFor, ROSTER_FILE_FORMAT, type SystemId } from '../../../core/roster';
import { validProfiles } from '../store/fixtures';

const stamp = '2024-05-01T18:00:00.000Z';
const unit = (system: SystemId, over: Record<string, unknown> = {}) => ({
  id: `u-${Math.random()}`,
  name: 'Squad',
  points: 100,
  profile: validProfiles[system],
  createdAt: stamp,
  updatedAt: stamp,
  ...over,
});
const file = (rosters: unknown[]) => ({ format: ROSTER_FILE_FORMAT, version: 1, exportedAt: stamp, rosters });
const roster = (over: Record<string, unknown> = {}) => ({
  id: 'r-1',
  name: 'Army',
  system: 'wh40k-10e',
  pointsLimit: 2000,
  notes: '',
  createdAt: stamp,
  updatedAt: stamp,
  units: [unit('wh40k-10e', { id: 'u-1' })],
  ...over,
});

describe('unit profiles per system', () => {
  it.each(registry.ids as SystemId[])(
    '%s accepts a valid profile, fills defaults, and parses its own output unchanged',
    (system) => {
      const parsed = profileSchemaFor(registry, system)!.parse(validProfiles[system]);
      expect(profileSchemaFor(registry, system)!.parse(parsed)).toEqual(parsed);
    },
  );

  it.each(registry.ids as SystemId[])(
    '%s refuses a wrong type, an out-of-range number and an unknown field, in words',
    (system) => {
      const result = profileSchemaFor(registry, system)!.safeParse({ ...validProfiles[system], smuggled: 1 });
      expect(result.success).toBe(false);
      const messages = checkUnit(registry, system, { name: 'X', profile: { ...validProfiles[system], smuggled: 1 } });
      expect(messages).toMatchObject({
        ok: false,
        problems: [{ field: 'profile.smuggled', message: 'profile.smuggled: unknown field' }],
      });
    },
  );

  it('says what range a characteristic takes', () => {
    const bad = structuredClone(validProfiles['wh40k-10e']) as { models: { toughness: unknown }[] };
    bad.models[0]!.toughness = 40;
    bad.models[1]!.toughness = 'four';
    const checked = checkUnit(registry, 'wh40k-10e', { name: 'X', profile: bad });
    expect(checked).toEqual({
      ok: false,
      problems: [
        {
          field: 'profile.models[0].toughness',
          message: 'profile.models[0].toughness: expected a number from 1 to 30',
        },
        {
          field: 'profile.models[1].toughness',
          message: 'profile.models[1].toughness: expected a number from 1 to 30',
        },
      ],
    });
    const oldWorld = checkUnit(registry, 'old-world', {
      name: '',
      profile: { ...validProfiles['old-world'], toughness: 11, troopType: 'goblin', standard: 'yes' },
    });
    expect(oldWorld.ok ? [] : oldWorld.problems.map((p) => p.message)).toEqual([
      'name: expected a name',
      'profile.toughness: expected a number from 0 to 10',
      'profile.troopType: expected one of infantry, cavalry, large, monster',
      'profile.standard: expected true or false',
    ]);
  });

  it('checks each system on its own fields', () => {
    const checks: [SystemId, Record<string, unknown>, string][] = [
      [
        'wh40k-7e',
        {
          ...validProfiles['wh40k-7e'],
          weapons: [{ name: 'Lascannon', range: 48, strength: 11, ap: 2, type: 'heavy' }],
        },
        'profile.weapons[0].strength',
      ],
      ['epic-armageddon', { ...validProfiles['epic-armageddon'], blastMarkers: -1 }, 'profile.blastMarkers'],
      [
        'ninth-age',
        { ...validProfiles['ninth-age'], defensive: { healthPoints: 0, defensiveSkill: 3, resilience: 3, armour: 1 } },
        'profile.defensive.healthPoints',
      ],
      ['ninth-age', { ...validProfiles['ninth-age'], height: 'huge' }, 'profile.height'],
      ['old-world', { ...validProfiles['old-world'], ward: 1 }, 'profile.ward'],
    ];
    for (const [system, profile, field] of checks) {
      const checked = checkUnit(registry, system, { name: 'X', profile });
      expect(checked.ok ? [] : checked.problems.map((p) => p.field), system).toEqual([field]);
    }
  });
});

describe('roster file import validation', () => {
  it('reads a version 1 file, putting old-world troop types of before in the 6th edition terms; writes version 2', () => {
    const old = {
      ...file([
        roster({
          system: 'old-world',
          units: [
            unit('old-world', { id: 'u-1', profile: { ...validProfiles['old-world'], troopType: 'heavy-cavalry' } }),
            unit('old-world', { id: 'u-2', profile: { ...validProfiles['old-world'], troopType: 'character' } }),
          ],
        }),
      ]),
      version: 1,
    };
    const parsed = parseRosterFile(old, registry);
    expect(parsed.ok).toBe(true);
    if (!parsed.ok) return;
    expect(parsed.value.version).toBe(2);
    expect(parsed.value.rosters[0]!.units.map((u) => u.profile)).toEqual([
      expect.objectContaining({ troopType: 'cavalry', character: false }),
      expect.objectContaining({ troopType: 'infantry', character: true }),
    ]);
  });

  it('accepts a valid file of every system', () => {
    const rosters = (registry.ids as SystemId[]).map((system, i) =>
      roster({ id: `r-${i}`, system, units: [unit(system, { id: `u-${i}` })] }),
    );
    const parsed = parseRosterFile(file(rosters), registry);
    expect(parsed.ok).toBe(true);
  });

  it.each([
    ['a wrong type', { name: 42 }, 'rosters[0].name', 'expected a name'],
    ['a missing field', { system: undefined }, 'rosters[0].system', 'expected one of'],
    ['an unknown system', { system: 'chess' }, 'rosters[0].system', 'expected one of'],
    ['an out-of-range number', { pointsLimit: -5 }, 'rosters[0].pointsLimit', 'expected a number from 0 to 100000'],
    ['an unknown field', { colour: 'red' }, 'rosters[0].colour', 'unknown field'],
    ['a bad timestamp', { createdAt: 'yesterday' }, 'rosters[0].createdAt', 'expected a date and time'],
    ['units that are not a list', { units: 'many' }, 'rosters[0].units', 'expected a list of units'],
    [
      'a bad unit profile field',
      {
        units: [
          unit('wh40k-10e', {
            id: 'u-1',
            profile: {
              ...validProfiles['wh40k-10e'],
              models: [{ count: 1, movement: 6, toughness: 0, save: 3, wounds: 2, leadership: 6, objectiveControl: 2 }],
            },
          }),
        ],
      },
      'rosters[0].units[0].profile.models[0].toughness',
      'expected a number from 1 to 30',
    ],
    [
      'a unit without a profile',
      { units: [unit('wh40k-10e', { id: 'u-1', profile: undefined })] },
      'rosters[0].units[0].profile',
      'expected an object',
    ],
    [
      'a duplicate unit id',
      { units: [unit('wh40k-10e', { id: 'u-1' }), unit('wh40k-10e', { id: 'u-1' })] },
      'rosters[0].units[1].id',
      'duplicate id',
    ],
  ])('refuses %s, naming its path', (_, over, field, message) => {
    const parsed = parseRosterFile(file([roster(over)]), registry);
    expect(parsed.ok).toBe(false);
    if (parsed.ok) return;
    expect(parsed.problems).toContainEqual({ field, message: expect.stringContaining(message) as string });
    expect(parsed.problems.find((p) => p.field === field)?.message.startsWith(`${field}: `)).toBe(true);
  });

  it('reports ALL problems of a file at once, in file order', () => {
    const badUnit = unit('old-world', {
      id: 'u-9',
      name: '',
      profile: { ...validProfiles['old-world'], toughness: 12, musician: 3 },
    });
    const parsed = parseRosterFile(
      file([
        roster({ name: '' }),
        roster({
          id: 'r-2',
          system: 'old-world',
          pointsLimit: 'lots',
          units: [unit('old-world', { id: 'u-8' }), badUnit],
        }),
      ]),
      registry,
    );
    expect(parsed.ok ? [] : parsed.problems.map((p) => p.field)).toEqual([
      'rosters[0].name',
      'rosters[1].pointsLimit',
      'rosters[1].units[1].name',
      'rosters[1].units[1].profile.toughness',
      'rosters[1].units[1].profile.musician',
    ]);
  });

  it('refuses a file that is not a roster file, or is from a newer app', () => {
    expect(parseRosterFile({ hello: 1 }, registry)).toMatchObject({ ok: false });
    expect(parseRosterFile(null, registry)).toMatchObject({
      ok: false,
      problems: [{ field: '', message: 'expected an object' }],
    });
    expect(parseRosterFile({ ...file([]), version: 7 }, registry)).toMatchObject({
      ok: false,
      problems: [{ field: 'version', message: expect.stringContaining('newer Combat Companion') as string }],
    });
    expect(parseRosterFile({ ...file([]), format: 'other' }, registry)).toMatchObject({
      ok: false,
      problems: [{ field: 'format' }],
    });
  });
});
