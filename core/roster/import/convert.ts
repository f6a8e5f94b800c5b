import { checkUnit } from '../documents';
import { ROSTER_FILE_FORMAT, ROSTER_FILE_VERSION, parseRosterFile, type RosterFile } from '../exchange';
import type { SystemId } from '../profiles';
import type { Registry } from '../../systems/registry';
import { rosterXmlOf, refused, type Read } from '../../battlescribe/read';
import { quoted } from '../../battlescribe/result';
import { recogniseGame, supportedGames } from './games';
import { isPointsCost, pointsOf, topSelections, type BsRoster, type BsSelection } from '../../battlescribe/tree';
import type { SkippedUnit, SystemImport, UnitPreview } from '../../battlescribe/types';
import { cleanName, distinct } from '../../battlescribe/values';
import { readRosterXml } from '../../battlescribe/xml';

/** What the player reads before a roster editor's file is imported. */
export interface ImportPreview {
  fileName: string;
  /** The game as the file names it ("Warhammer 40,000 10th Edition"). */
  gameSystem: string;
  system: SystemId;
  rosterName: string;
  points: number | null;
  pointsLimit: number | null;
  units: UnitPreview[];
  /** Units that could not be converted, and why; they are not in the roster. */
  skipped: SkippedUnit[];
  /** Selections that are not units (battle size, detachment, army rules): in the roster's notes. */
  rosterNotes: string[];
}

export type RosterImport = { ok: true; file: RosterFile; preview: ImportPreview } | { ok: false; message: string };

/**
 * A BattleScribe or New Recruit roster (`.ros`, or `.rosz` zipped) as a Combat Companion roster
 * file, with a preview of what was found. Pure: `now` stamps the roster and its units, and ids come
 * from the file's own (so importing the same roster again offers "replace or keep both").
 * Every unit is checked against its system's profile schema; one that fails is left out and the
 * preview says why. A file that cannot be read at all gives a message in words, never a throw.
 */
export function convertRosterFile(fileName: string, bytes: Uint8Array, now: string, registry: Registry): RosterImport {
  const fail = (reason: string): RosterImport => ({ ok: false, message: `${fileName} cannot be imported: ${reason}` });
  const xml = rosterXmlOf(bytes);
  if (!xml.ok) return fail(xml.reason);
  const roster = readRosterXml(xml.value);
  if (!roster.ok) return fail(roster.reason);
  const converted = convertRoster(roster.value, fileName, now, registry);
  return converted.ok ? converted.value : fail(converted.reason);
}

/** What the roster's selections became: its units (checked against their system's profile), and what was left out. */
interface ConvertedUnits {
  units: RosterFile['rosters'][number]['units'];
  previews: UnitPreview[];
  skipped: SkippedUnit[];
  /** Selections that are not units, in words, for the roster's notes. */
  notUnits: string[];
}

function convertUnits(
  roster: BsRoster,
  system: SystemImport,
  registry: Registry,
  rosterId: string,
  now: string,
): ConvertedUnits {
  const out: ConvertedUnits = { units: [], previews: [], skipped: [], notUnits: [] };
  const usedIds = new Set<string>();
  for (const { selection } of topSelections(roster)) {
    if (!system.isUnit(selection)) {
      out.notUnits.push(describe(selection));
      continue;
    }
    const outcome = system.convertUnit(selection, roster);
    if (!outcome.ok) {
      out.skipped.push(outcome.skipped);
      continue;
    }
    const { unit } = outcome;
    const checked = checkUnit(registry, system.system, {
      name: unit.name,
      points: unit.points,
      notes: unit.notes,
      profile: unit.profile,
    });
    if (!checked.ok) {
      out.skipped.push({ name: unit.name, reason: firstProblems(checked.problems) });
      continue;
    }
    if (out.units.length >= 500) {
      out.skipped.push({ name: unit.name, reason: 'a roster holds 500 units at most.' });
      continue;
    }
    let id = idFrom(unit.sourceId, `${rosterId}-unit`, String(out.units.length + 1));
    if (usedIds.has(id)) id = `${id.slice(0, 90)}-${out.units.length + 1}`;
    usedIds.add(id);
    out.units.push({ id, ...checked.value, createdAt: now, updatedAt: now });
    out.previews.push(unit.preview);
  }
  return out;
}

/** Why no unit could be read, the first few named. */
function noUnitRead(skipped: readonly SkippedUnit[]): string {
  const shown = skipped.slice(0, 5).map((s) => `${quoted(s.name, 60)}: ${quoted(s.reason, 160)}`);
  if (skipped.length > 5) shown.push(`and ${skipped.length - 5} more`);
  const why = shown.length > 0 ? ` (${shown.join('; ')})` : '';
  return `no unit in it could be read${why}.`;
}

function convertRoster(
  roster: BsRoster,
  fileName: string,
  now: string,
  registry: Registry,
): Read<{ ok: true; file: RosterFile; preview: ImportPreview }> {
  const game = quoted(roster.gameSystemName) || 'an unnamed game';
  const recognised = recogniseGame(registry, roster);
  if (!recognised)
    return refused(`it is a roster for ${game}. Combat Companion imports rosters of ${supportedGames(registry)}.`);
  const system = recognised.system;
  const rosterId = idFrom(roster.id, 'bs-roster', fileName);
  const converted = convertUnits(roster, system, registry, rosterId, now);
  if (converted.units.length === 0) return refused(noUnitRead(converted.skipped));
  const rosterNotes = [...(recognised.note ? [recognised.note] : []), ...converted.notUnits];
  const notes = distinct([
    `Imported from ${fileName}, a ${game} roster (BattleScribe / New Recruit).`,
    ...forceLines(roster),
    ...rosterNotes,
  ]).join('\n');
  const file: RosterFile = {
    format: ROSTER_FILE_FORMAT,
    version: ROSTER_FILE_VERSION,
    exportedAt: now,
    rosters: [
      {
        id: rosterId,
        name: cleanName(roster.name) || cleanName(fileName.replace(/\.rosz?$/i, '')) || 'Imported roster',
        system: system.system as SystemId,
        pointsLimit: limitOf(roster),
        notes: notes.length <= 10_000 ? notes : `${notes.slice(0, 9_990)}…`,
        createdAt: now,
        updatedAt: now,
        units: converted.units,
      },
    ],
  };
  // The same check a .ccroster.json gets: what is handed on is a valid roster file.
  const checked = parseRosterFile(file, registry);
  if (!checked.ok) return refused(`its converted roster is not valid (${firstProblems(checked.problems)}).`);
  const points = roster.costs.filter(isPointsCost).reduce<number | null>((sum, c) => (sum ?? 0) + c.value, null);
  const preview: ImportPreview = {
    fileName,
    gameSystem: game,
    system: system.system as SystemId,
    rosterName: checked.value.rosters[0]?.name ?? '',
    points: points === null ? null : Math.round(points),
    pointsLimit: limitOf(roster),
    units: converted.previews,
    skipped: converted.skipped,
    rosterNotes,
  };
  return { ok: true, value: { ok: true, file: checked.value, preview } };
}

/** The first three problems, each a line at most, and how many more: a message stays short. */
function firstProblems(problems: readonly { message: string }[]): string {
  const shown = problems.slice(0, 3).map((p) => quoted(p.message, 160));
  return problems.length > 3 ? `${shown.join('; ')}; and ${problems.length - 3} more` : shown.join('; ');
}

/** An id from the roster editor's own (stable across saves), else a fallback; at most 100 characters. */
function idFrom(source: string, prefix: string, fallback: string): string {
  const clean = source
    .slice(0, 100)
    .replace(/[^A-Za-z0-9-]+/g, '-')
    .replace(/^-+|-+$/g, '');
  const base = clean ? `${prefix}-${clean}` : `${prefix}-${fallback.replace(/[^A-Za-z0-9-]+/g, '-')}`;
  return base.slice(0, 100);
}

/** The points limit: the roster's own, else the one a battle size selection names ("2000 Point limit"). */
function limitOf(roster: BsRoster): number | null {
  const own = roster.costLimits.find((c) => isPointsCost(c) && c.value > 0);
  if (own) return Math.min(100_000, Math.round(own.value));
  for (const { selection } of topSelections(roster)) {
    for (const text of [selection.name, ...selection.selections.map((s) => s.name)]) {
      const match = /(\d[\d,]{2,6})\s{0,3}(?:point|pts)/i.exec(text);
      if (match) return Math.min(100_000, Number((match[1] ?? '').replace(/,/g, '')));
    }
  }
  return null;
}

function forceLines(roster: BsRoster): string[] {
  return roster.forces.flatMap((f) => (f.catalogueName ? [`${f.name || 'Force'}: ${f.catalogueName}`] : []));
}

/** A selection that is not a unit, as a line of the roster's notes: "Battle Size: 2. Strike Force". */
function describe(selection: BsSelection): string {
  const children = selection.selections.map((s) => s.name).filter(Boolean);
  const points = pointsOf(selection);
  const cost = points ? ` (${points} pts)` : '';
  return `${selection.name}${children.length > 0 ? `: ${children.join(', ')}` : ''}${cost}`;
}
