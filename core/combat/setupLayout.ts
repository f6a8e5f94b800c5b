import { z } from 'zod';

/**
 * How a system's setup screen is laid out beyond its schema: data that travels with the system
 * (core/systems/<id>/setupLayout.ts) and reaches the one shared setup screen through the host
 * (`combat.setupForm`). The schema already gives every field, its label, range and default; a
 * layout only says what the schema cannot. Checked by zod where it crosses the host boundary.
 */

/** A reference into another list of the form (see `FieldHint.ref`). */
export const refHintSchema = z.object({
  /**
   * A path whose parts may be `{side}` (the side this field belongs to), `{other}` (the other
   * side), `[$key]` (the index held by the field `key` beside this one) and `[]` (every item).
   * With one `[]` the value is that item's index; with several, `into` names the keys of an
   * object holding one index per `[]`.
   */
  list: z.string(),
  into: z.array(z.string()).optional(),
  /** What the choice says while that list is empty ("add a character to a unit first"). */
  empty: z.string().optional(),
});
export type RefHint = z.infer<typeof refHintSchema>;

/** A list of numbers, entry j for item j of another list (`list` has one `[]`); `empty` is said while it has none. */
export const perItemHintSchema = z.object({
  list: z.string(),
  /** Each field's label, with `{name}` for the item's name (default "{name}"). */
  label: z.string().optional(),
  empty: z.string().optional(),
});
export type PerItemHint = z.infer<typeof perItemHintSchema>;

/** What a schema cannot say about how one field is drawn. Every part is optional. */
export const fieldHintSchema = z.object({
  /** An object's fields drawn in this order first (the rest follow in the schema's order). */
  order: z.array(z.string()).optional(),
  /** An object's fields kept under "More" (open by itself when one of them is set or wrong). */
  advanced: z.array(z.string()).optional(),
  /** What the "More" button says. */
  advancedLabel: z.string().optional(),
  /** An object's fields drawn together in a small box with a heading ("Fights": whom, where). */
  groups: z.array(z.object({ title: z.string(), fields: z.array(z.string()) })).optional(),
  /** Not shown (the screen fills it, or it never changes, or no rule reads it). The value is kept as it is. */
  hidden: z.boolean().optional(),
  /**
   * A hidden field's line in words, drawn where the field would be: why the field is not asked
   * ("A musician is not asked for: …"), so a player who looks for it finds the reason in its place.
   */
  note: z.string().optional(),
  /** An object drawn inside its parent, without a box or heading of its own (a unit's profile). */
  inline: z.boolean().optional(),
  /** An object's numbers drawn as one compact row of abbreviations: M WS S T W I A Ld. */
  statLine: z.array(z.string()).optional(),
  /** An object's fields drawn small, for long lists of alike items; the full label and its help on hover. */
  compact: z.boolean().optional(),
  /** `segmented`: a choice as buttons side by side; `switch`: an on/off (or a 0–1 number) drawn as a switch. */
  widget: z.enum(['segmented', 'switch']).optional(),
  /** The words for a choice's values; "@attacker.name" takes the text at that path of the form. */
  optionLabels: z.record(z.string(), z.string()).optional(),
  /** The words for "nothing" where a field may be empty. */
  noneLabel: z.string().optional(),
  /** This number (or object of numbers) points at an item of another list. */
  ref: refHintSchema.optional(),
  /** Fields beside this one set back to their default when it changes. */
  clears: z.array(z.string()).optional(),
  /** What "Add" puts in a list (default: the item schema's defaults). */
  newItem: z.unknown().optional(),
  /** The "Add" button's words (default "Add <item>"). */
  addLabel: z.string().optional(),
  /** A list whose order means something: each item gets "Move up" and "Move down". */
  reorderable: z.boolean().optional(),
  /**
   * Drawn only while another field of the form holds one of these values (its value as text):
   * "Remained stationary" while shooting. (A layout pairs it with `clears` on that field, so a value
   * set before it was hidden does not count unseen — unless `unreadOtherwise`: no rule reads the
   * field while it is hidden, as cover against a melee attack, so its value can stay for when it is
   * shown again.)
   */
  shownWhen: z
    .object({ field: z.string(), is: z.array(z.string()).min(1), unreadOtherwise: z.literal(true).optional() })
    .optional(),
  /** A label that follows another field of the form: BS when shooting, WS when fighting. */
  labelBy: z.object({ field: z.string(), labels: z.record(z.string(), z.string()) }).optional(),
  /** One number field per item of another list, labelled by the item's name. */
  perItem: perItemHintSchema.optional(),
});
export type FieldHint = z.infer<typeof fieldHintSchema>;

/**
 * Hints by path pattern: a setup path with list positions written `[]` and `*` for any one name,
 * e.g. `attacker.weapons[]`, `*.units[].profile`. Every matching pattern applies, later ones over
 * earlier ones.
 */
export const hintMapSchema = z.record(z.string(), fieldHintSchema);
export type HintMap = z.infer<typeof hintMapSchema>;

/**
 * "Pick from roster" on a part of the setup: the host turns a stored unit into that side's part
 * (combat.sideFromRoster) and the picked fields replace those of the part; the rest stays as set.
 */
export const rosterFillSchema = z.object({
  /** The part the button sits on, as a hint pattern: "attacker", "*.units[]". */
  at: z.string(),
  /** The button's words. */
  label: z.string(),
  /** Where in the host's filled side the part is ("units[0]"); default the whole side. */
  take: z.string().optional(),
  /** Where in the part the picked fields go ("unit": a side's one unit); default the part itself. */
  into: z.string().optional(),
  /** Said when the picked unit has nothing to fill here, e.g. a unit that is not a character. */
  missing: z.string().optional(),
  /** Lists the roster cannot fill when it has none (a unit without shooting weapons keeps the weapons entered). */
  keepWhenEmpty: z.array(z.string()).optional(),
  /** The roster's side name (the army) names this side when the part is filled. */
  namesSide: z.boolean().optional(),
  /** A setup field whose on/off the host is asked with (shooting or fighting weapons). */
  rangedFrom: z.string().optional(),
});
export type RosterFill = z.infer<typeof rosterFillSchema>;

export const setupLayoutSchema = z.object({
  /** The page's heading (default: "<system name> — set up the combat"). */
  title: z.string().optional(),
  /** One or two sentences under it: what is set up, how numbers are written. */
  intro: z.string().optional(),
  /** A line beside each side's badge ("the side whose turn it is"). */
  sideNotes: z.object({ attacker: z.string().optional(), defender: z.string().optional() }).optional(),
  /** The heading of the box holding the setup's other fields (default "The fight"). */
  restTitle: z.string().optional(),
  fields: hintMapSchema.optional(),
  fromRoster: z.array(rosterFillSchema).optional(),
});
export type SetupLayout = z.infer<typeof setupLayoutSchema>;
