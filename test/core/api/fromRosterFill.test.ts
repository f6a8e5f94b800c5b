import { describe, expect, it } from 'vitest';
import { ApiFailure } from '../../../core/api';
import { createFromRosterBackend } from '../../../core/api/backends/fromRoster';
import { registry, systems } from '../../../core/systems';
import { freshStore, validProfiles } from '../store/fixtures';

/**
 * "Pick from roster" fills the setup in the host (combat.sideFromRoster with `fill`): the reply is
 * the whole setup with the picked part filled by the layout's rule, each filled field checked
 * against the system's setup schema, and every reference into a list set right — the setup
 * screen takes it as it is and knows no system.
 */
async function setUp() {
  const { repo } = freshStore();
  const roster = await repo.saveRoster({ name: 'Empire', system: 'old-world', pointsLimit: null, notes: '' });
  const unit = await repo.saveUnit(roster.id, {
    name: 'Halberdiers',
    points: 120,
    profile: validProfiles['old-world'],
  });
  return { repo, roster, unit, backend: createFromRosterBackend(repo, registry) };
}

const example = () => structuredClone(systems['old-world']!.exampleSetup) as Record<string, unknown>;

describe('combat.sideFromRoster with the setup being edited', () => {
  it('fills the unit the button sits on, keeps what the player set beside it, and names the side after the roster', async () => {
    const { backend, roster, unit } = await setUp();
    const setup = example();
    const before = (setup['defender'] as { units: Array<Record<string, unknown>> }).units[0]!;
    const reply = await backend['combat.sideFromRoster']({
      rosterId: roster.id,
      unitId: unit.id,
      side: 'defender',
      fill: { at: '*.units[]', path: 'defender.units[0]' },
      setup,
    });
    const after = reply.setup!['defender'] as { name: string; units: Array<Record<string, unknown>> };
    expect(after.name).toBe('Empire');
    expect(after.units[0]).toMatchObject({ name: 'Halberdiers' });
    // Where the unit fights is the player's, not the roster's.
    const fromRoster = Object.keys((reply.side['units'] as Array<Record<string, unknown>>)[0]!);
    const kept = Object.keys(before).filter((k) => !fromRoster.includes(k));
    expect(kept).toContain('target');
    for (const key of kept) expect(after.units[0]![key]).toEqual(before[key]);
    // The attacker's side is untouched.
    expect(reply.setup!['attacker']).toEqual(setup['attacker']);
    // And the setup as filled is one the rules take.
    expect(systems['old-world']!.setupSchema.safeParse(reply.setup).success).toBe(true);
  });

  it('refuses, in words and naming the field, a part the layout has no roster button on', async () => {
    const { backend, roster, unit } = await setUp();
    const call = backend['combat.sideFromRoster']({
      rosterId: roster.id,
      unitId: unit.id,
      side: 'defender',
      fill: { at: 'defender.name', path: 'defender.name' },
      setup: example(),
    });
    await expect(call).rejects.toBeInstanceOf(ApiFailure);
    await expect(call).rejects.toMatchObject({ field: 'fill' });
  });

  it('refuses a path on the other side', async () => {
    const { backend, roster, unit } = await setUp();
    await expect(
      backend['combat.sideFromRoster']({
        rosterId: roster.id,
        unitId: unit.id,
        side: 'defender',
        fill: { at: '*.units[]', path: 'attacker.units[0]' },
        setup: example(),
      }),
    ).rejects.toMatchObject({ field: 'fill' });
  });

  it('needs the setup with the fill, and the fill with the setup', async () => {
    const { backend, roster, unit } = await setUp();
    await expect(
      backend['combat.sideFromRoster']({
        rosterId: roster.id,
        unitId: unit.id,
        side: 'defender',
        fill: { at: '*.units[]', path: 'defender.units[0]' },
      }),
    ).rejects.toMatchObject({ field: 'setup' });
    await expect(
      backend['combat.sideFromRoster']({ rosterId: roster.id, unitId: unit.id, side: 'defender', setup: example() }),
    ).rejects.toMatchObject({ field: 'fill' });
  });
});
