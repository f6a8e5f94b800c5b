import { registry } from '../../../core/systems';
import { describe, expect, it } from 'vitest';
import { parseRosterFile } from '../../../core/roster/exchange';
import { freshStore, validProfiles } from './fixtures';

/** A unit's notes: what its profile has no field for (an import puts ability text there). */
describe('unit notes', () => {
  it('are saved, exported and imported with the unit', async () => {
    const { repo } = freshStore();
    const roster = await repo.saveRoster({ name: 'Notes', system: 'wh40k-10e', pointsLimit: null, notes: '' });
    const unit = await repo.saveUnit(roster.id, {
      name: 'Squad',
      points: 80,
      notes: 'Oath of Moment: re-roll hits.',
      profile: validProfiles['wh40k-10e'],
    });
    expect(unit.notes).toBe('Oath of Moment: re-roll hits.');
    const file = await repo.exportRosters([roster.id]);
    expect(file.rosters[0]!.units[0]!.notes).toBe('Oath of Moment: re-roll hits.');
    const checked = parseRosterFile(file, registry);
    expect(checked.ok && checked.value.rosters[0]!.units[0]!.notes).toBe('Oath of Moment: re-roll hits.');
  });

  it('read as empty from a unit stored, or a file written, before units had notes', async () => {
    const { repo, db } = freshStore();
    const roster = await repo.saveRoster({ name: 'Old', system: 'wh40k-10e', pointsLimit: null, notes: '' });
    await db.units.add({
      id: 'old-unit',
      rosterId: roster.id,
      name: 'U',
      points: null,
      position: 0,
      profile: JSON.stringify(validProfiles['wh40k-10e']),
      createdAt: roster.createdAt,
      updatedAt: roster.createdAt,
    });
    expect((await repo.getRoster(roster.id))!.units[0]!.notes).toBe('');
    const file = await repo.exportRosters([roster.id]);
    const { notes: _notes, ...olderUnit } = file.rosters[0]!.units[0]!;
    const older = { ...file, rosters: [{ ...file.rosters[0]!, units: [olderUnit] }] };
    const checked = parseRosterFile(older, registry);
    expect(checked.ok && checked.value.rosters[0]!.units[0]!.notes).toBe('');
  });

  it('are refused past 10,000 characters, in words', async () => {
    const { repo } = freshStore();
    const roster = await repo.saveRoster({ name: 'Long', system: 'wh40k-10e', pointsLimit: null, notes: '' });
    await expect(
      repo.saveUnit(roster.id, {
        name: 'Squad',
        points: null,
        notes: 'x'.repeat(10_001),
        profile: validProfiles['wh40k-10e'],
      }),
    ).rejects.toMatchObject({
      code: 'invalid_input',
      field: 'notes',
      message: 'notes: expected notes of at most 10,000 characters',
    });
  });
});
