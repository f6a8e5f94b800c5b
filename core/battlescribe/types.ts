import type { NotesWriter } from './notes';
import { pointsOf, type BsRoster, type BsSelection } from './tree';

/**
 * What the player reads before importing one unit, in words: written by the host so the screen
 * (and the command line) only shows it.
 */
export interface UnitPreview {
  name: string;
  points: number | null;
  /** "1 Assault Intercessor Sergeant, 4 Assault Intercessors". */
  models: string;
  /** One line per model profile, with the characteristics as the game writes them. */
  stats: string[];
  /** One line per weapon: its characteristics and the abilities it maps to. */
  weapons: string[];
  /** Ability and special rule names kept on the profile. */
  abilities: string[];
  /** What the profile has no field for and went into the unit's notes. */
  notes: string[];
  /** Values read from text rather than a characteristic: the player should check them. */
  confirm: string[];
}

/** One unit converted: the fields of a roster unit, before it is checked against its system's schema. */
export interface ConvertedUnit {
  /** The roster editor's id of the selection, kept to make the unit's id. */
  sourceId: string;
  name: string;
  points: number | null;
  notes: string;
  profile: Record<string, unknown>;
  preview: UnitPreview;
}

/** A top-level selection that looked like a unit but could not become one, and why. */
export interface SkippedUnit {
  name: string;
  reason: string;
}

export type UnitOutcome = { ok: true; unit: ConvertedUnit } | { ok: false; skipped: SkippedUnit };

/** What a system's mapping writes of a unit's preview: all but its name and points, which are the unit's. */
export type PreviewLines = Omit<UnitPreview, 'name' | 'points'>;

/**
 * A unit converted: the roster editor's id of its selection, its points (the costs of everything in
 * it), its notes as written, and its preview under the same name and points.
 */
export function converted(
  unit: BsSelection,
  name: string,
  notes: NotesWriter,
  profile: Record<string, unknown>,
  preview: PreviewLines,
): UnitOutcome {
  const points = pointsOf(unit);
  return {
    ok: true,
    unit: { sourceId: unit.id, name, points, notes: notes.toString(), profile, preview: { name, points, ...preview } },
  };
}

/** How one game system's rosters become Combat Companion units. */
export interface SystemImport {
  /** The id of the rule system the units are for. */
  system: string;
  /** Whether a top-level selection is a unit (rather than battle size, detachment, army rules…). */
  isUnit: (selection: BsSelection) => boolean;
  convertUnit: (selection: BsSelection, roster: BsRoster) => UnitOutcome;
}
