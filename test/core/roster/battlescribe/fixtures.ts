import { registry } from '../../../../core/systems';
import { readFileSync } from 'node:fs';
import { expect } from 'vitest';
import { convertRosterFile, type ImportPreview } from '../../../../core/roster/import';
import type { RosterFile } from '../../../../core/roster/exchange';

/** The roster files under test/fixtures/battlescribe (sources in its README.md). */
export const fixturePath = (name: string) => `test/fixtures/battlescribe/${name}`;
export const fixture = (name: string) => new Uint8Array(readFileSync(fixturePath(name)));

export const NOW = '2024-05-01T18:00:00.000Z';

/** A fixture converted; fails the test with the converter's message when it cannot be. */
export function converted(name: string): { file: RosterFile; preview: ImportPreview } {
  const result = convertRosterFile(name, fixture(name), NOW, registry);
  if (!result.ok) expect.fail(result.message);
  return result;
}

/** The converted units of a fixture, by name (the first of each name). */
export function unitsOf(name: string) {
  const { file, preview } = converted(name);
  const units = file.rosters[0]!.units;
  return {
    file,
    preview,
    unit: (unitName: string) => {
      const unit = units.find((u) => u.name === unitName);
      if (!unit) expect.fail(`${name} has no unit "${unitName}"; it has ${units.map((u) => u.name).join(', ')}`);
      return unit;
    },
    preview_: (unitName: string) => {
      const p = preview.units.find((u) => u.name === unitName);
      if (!p) expect.fail(`${name}'s preview has no unit "${unitName}"`);
      return p;
    },
  };
}
