import type { HintMap } from '../../forms/hints';

/**
 * What a system's setup screen needs beyond its schema (the schema already gives every field, its
 * label, range and default, and the host gives a typical setup to start from). A system without
 * a layout still gets a working screen; a layout only says what the schema cannot:
 *
 * - `fields`: hints by path pattern (renderer/src/forms/hints.ts): order, groups, "More",
 *   references into another list, segmented choices, what "Add" puts in a list;
 * - `fromRoster`: where "Pick from roster" goes and what it fills.
 */
export interface SetupLayout {
  /** The page's heading (default: "<system name> — set up the combat"). */
  title?: string;
  /** One or two sentences under it: what is set up, how numbers are written. */
  intro?: string;
  /** A line beside each side's badge ("the side whose turn it is"). */
  sideNotes?: Partial<Record<'attacker' | 'defender', string>>;
  /** The heading of the box holding the setup's other fields (default "The fight"). */
  restTitle?: string;
  fields?: HintMap;
  fromRoster?: RosterFill[];
}

/**
 * "Pick from roster" on a part of the setup: the host turns a stored unit into that side's part
 * (combat.sideFromRoster) and the picked fields replace those of the part; the rest stays as
 * set (where it stands and fights, its own choices).
 */
export interface RosterFill {
  /** The part the button sits on, as a hint pattern: "attacker", "*.units[]". */
  at: string;
  /** The button's words. */
  label: string;
  /** Where in the host's filled side the part is ("units[0]"); default the whole side. */
  take?: string;
  /** Where in the part the button sits on the picked fields go ("unit": a side's one unit); default the part itself. */
  into?: string;
  /** Said when the picked unit has nothing to fill here (no `take` in what the host filled), e.g. a unit that is not a character. */
  missing?: string;
  /** Lists the roster cannot fill when it has none (a unit without shooting weapons keeps the weapons entered). */
  keepWhenEmpty?: string[];
  /** The roster's side name (the army) names this side when the part is filled (in a list, its first item). */
  namesSide?: boolean;
  /** A setup field whose on/off the host is asked with (40k 10e: shooting or fighting weapons). */
  rangedFrom?: string;
}
