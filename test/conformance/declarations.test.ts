import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { systemsUnderTest } from './systems';

/**
 * What every system declares in its folder (core/systems/<id>/conformance.ts) is there and holds:
 * its files exist, its setups pass its own setup schema, its profiles are checked as declared.
 */
describe.each(systemsUnderTest)('$id declares what every system must show', ({ definition, conformance }) => {
  const rules = definition.rules;

  it('its example scenario files exist and are scenarios of this system', () => {
    expect(conformance.examples.length).toBeGreaterThan(0);
    for (const file of conformance.examples) {
      const scenario = JSON.parse(readFileSync(file, 'utf8')) as { system: string; seed?: number; dice?: unknown };
      expect(scenario.system, file).toBe(definition.id);
    }
  });

  it('its small and club-size combats and its stored combat pass its setup schema', () => {
    for (const [what, setup] of Object.entries({ ...conformance.combats, stored: conformance.stored.record.setup })) {
      const parsed = rules.setupSchema.safeParse(setup);
      expect(parsed.success, `${what}: ${parsed.success ? '' : JSON.stringify(parsed.error.issues)}`).toBe(true);
    }
    expect(conformance.stored.record.system).toBe(definition.id);
  });

  it('its valid profile passes its roster profile schema, and its invalid one is refused naming the field', () => {
    const profile = definition.roster.profile;
    expect(profile.safeParse(conformance.profiles.valid).success).toBe(true);
    const refused = profile.safeParse(conformance.profiles.invalid.profile);
    expect(refused.success).toBe(false);
    const fields = refused.error!.issues.map((i) => ['profile', ...i.path].join('.').replace(/\.(\d+)/g, '[$1]'));
    expect(fields).toContain(conformance.profiles.invalid.field);
  });

  it('its player’s guide exists and names the system', () => {
    expect(existsSync(conformance.guide), conformance.guide).toBe(true);
    const guide = readFileSync(conformance.guide, 'utf8');
    expect(guide.length).toBeGreaterThan(200);
    expect(guide).toContain(definition.name);
  });

  it('its targets are set', () => {
    expect(conformance.targets.stepsPerRound).toBeGreaterThan(0);
    expect(conformance.targets.printPagesPerRound).toBeGreaterThan(0);
  });
});

describe('every scenario in examples/ is one a registered system declares', () => {
  const declared = new Set(systemsUnderTest.flatMap((s) => s.conformance.examples));
  it.each(readdirSync('examples').map((f) => `examples/${f}`))('%s', (file) => {
    expect(declared.has(file), `declare ${file} in its system's conformance.ts`).toBe(true);
  });
});
