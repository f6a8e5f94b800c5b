/**
 * What a schema cannot say about how a form is laid out, declared per field by a small hint
 * (a system's setup layout, renderer/src/combat/setup/layouts/). Every part is optional: a
 * schema with titles already makes a usable form without any hint.
 */
export interface FieldHint {
  /** An object's fields drawn in this order first (the rest follow in the schema's order). */
  order?: string[];
  /** An object's fields kept under "More" (open by itself when one of them is set or wrong). */
  advanced?: string[];
  /** What the "More" button says. */
  advancedLabel?: string;
  /**
   * An object's fields drawn together in a small box with a heading ("Fights": whom, where). A
   * group whose fields are all under "More" is drawn there.
   */
  groups?: Array<{ title: string; fields: string[] }>;
  /** Not shown (the screen fills it, or it never changes). */
  hidden?: boolean;
  /** An object drawn inside its parent, without a box or heading of its own (a unit's profile). */
  inline?: boolean;
  /** An object's numbers drawn as one compact row of abbreviations: M WS S T W I A Ld. */
  statLine?: string[];
  /**
   * An object's fields drawn small, for long lists of alike items (an Epic formation's units):
   * numbers labelled by their abbreviation ("CC" for "Close Combat (CC)"), no help line under any
   * field; the full label and its help show on hover and are what a screen reader says.
   */
  compact?: boolean;
  /**
   * `segmented`: a choice (a list of values, or on/off) as buttons side by side rather than a
   * drop-down or a tick. `switch`: an on/off drawn as a switch — also a whole number from 0 to 1
   * (a rule a unit has or not, counted as 1 or 0).
   */
  widget?: 'segmented' | 'switch';
  /** The words for a choice's values (enum values; "true"/"false"). "@attacker.name" takes the text at that path of the form. */
  optionLabels?: Record<string, string>;
  /** The words for "nothing" where a field may be empty. */
  noneLabel?: string;
  /** This number (or object of numbers) points at an item of another list: drawn as a choice of that list's items by name. */
  ref?: RefHint;
  /** Fields beside this one set back to their default when it changes (a new target drops the character singled out there). */
  clears?: string[];
  /** What "Add" puts in a list (default: the item schema's defaults). */
  newItem?: unknown;
  /** The "Add" button's words (default "Add <item>"). */
  addLabel?: string;
  /**
   * A list whose order means something (an Epic formation's units, nearest first): each item gets
   * "Move up" and "Move down". Not for a list other fields point into by position (`ref`).
   */
  reorderable?: boolean;
  /** A label that follows another field of the form: BS when shooting, WS when fighting. */
  labelBy?: { field: string; labels: Record<string, string> };
  /**
   * A list of numbers, entry j for item j of another list (attacks at each enemy character): one
   * number field per item of that list, labelled by the item's name. The list follows its items:
   * an item removed there takes its entry here with it.
   */
  perItem?: PerItemHint;
}

/** The other list, written as a `RefHint` list with one `[]` (its items); `empty` is said while it has none. */
export interface PerItemHint {
  list: string;
  /** Each field's label, with `{name}` for the item's name (default "{name}"). */
  label?: string;
  empty?: string;
}

/**
 * A reference into another list of the form. `list` is a path whose parts may be
 * `{side}` (the side this field belongs to), `{other}` (the other side), `[$key]` (the index held
 * by the field `key` beside this one) and `[]` (every item). With one `[]` the value is that
 * item's index; with several, `into` names the keys of an object holding one index per `[]`.
 */
export interface RefHint {
  list: string;
  into?: string[];
  /** What the choice says while that list is empty ("add a character to a unit first"). */
  empty?: string;
}

/**
 * Hints by path pattern: a setup path with list positions written `[]` and `*` for any one name,
 * e.g. `attacker.weapons[]`, `*.units[].profile`. Every matching pattern applies, later ones over
 * earlier ones.
 */
export type HintMap = Record<string, FieldHint>;

const patternCache = new Map<string, RegExp>();

function patternRegExp(pattern: string): RegExp {
  let re = patternCache.get(pattern);
  if (!re) {
    const body = pattern
      .split(/(\*|\[\])/)
      .map((part) => (part === '*' ? '[^.[\\]]+' : part === '[]' ? '\\[\\d+\\]' : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
      .join('');
    re = new RegExp(`^${body}$`);
    patternCache.set(pattern, re);
  }
  return re;
}

/** Does a concrete path ("attacker.units[2].target") match a pattern ("*.units[].target")? */
export const matchesPattern = (pattern: string, path: string) => patternRegExp(pattern).test(path);

/** The hint for a concrete path: every matching pattern's, merged in order. */
export function hintFor(hints: HintMap | undefined, path: string): FieldHint {
  if (!hints) return {};
  let out: FieldHint = {};
  for (const [pattern, hint] of Object.entries(hints)) if (matchesPattern(pattern, path)) out = { ...out, ...hint };
  return out;
}
