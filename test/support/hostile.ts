import { contract } from '../../core/api/contract';
import { ROSTER_FILE_FORMAT, ROSTER_FILE_VERSION } from '../../core/roster/exchange';

/**
 * The audit's hostile inputs (issue 26), rebuilt on demand so tests and `npm run bench` use the
 * same ones: a roster file of 100,000 empty units, a file nested 5,000 levels deep, rosters whose
 * every unit is wrong, and a roll of millions of dice.
 */

const exampleFile = contract['roster.import'].example.file as {
  rosters: { units: Record<string, unknown>[] }[];
} & Record<string, unknown>;
const exampleRoster = exampleFile.rosters[0]!;
const exampleUnit = exampleRoster.units[0]!;

/** A roster file of one roster with `count` empty objects as its units. */
export function emptyUnitsFile(count: number) {
  return { ...exampleFile, rosters: [{ ...exampleRoster, units: Array.from({ length: count }, () => ({})) }] };
}

/** `rosters` rosters of `units` units each, every unit with a wrong toughness (one problem each). */
export function badUnitsFile(rosters: number, units: number) {
  return {
    format: ROSTER_FILE_FORMAT,
    version: ROSTER_FILE_VERSION,
    exportedAt: '2024-05-01T18:30:00.000Z',
    rosters: Array.from({ length: rosters }, (_, r) => ({
      ...exampleRoster,
      id: `r-${r}`,
      units: Array.from({ length: units }, (_, u) => {
        const profile = structuredClone(exampleUnit['profile']) as { models: Record<string, unknown>[] };
        profile.models[0]!['toughness'] = 99;
        return { ...exampleUnit, id: `r-${r}-u-${u}`, profile };
      }),
    })),
  };
}

/** `{ a: { a: … } }` nested `depth` levels, as a roster file's extra field. */
export function nestedFile(depth: number) {
  let inner: Record<string, unknown> = {};
  for (let i = 0; i < depth; i++) inner = { a: inner };
  return { ...exampleFile, nested: inner };
}

/** The same file as JSON text, built without recursion (JSON.stringify overflows at some depth). */
export function nestedFileText(depth: number): string {
  const head = JSON.stringify({ ...exampleFile }).slice(0, -1);
  return `${head},"nested":${'{"a":'.repeat(depth)}{}${'}'.repeat(depth)}}`;
}
