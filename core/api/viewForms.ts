/**
 * The JSON Schema form helpers the screen draws setup and profile forms with (core/forms): the
 * host sends the schema, its labels and hints; these read them, the same for host and screen.
 */
export type { FieldHint, HintMap } from '../forms/hints';
export type { FieldLabel, LabelFallback } from '../forms/labels';
export type { Json, JsonSchema } from '../forms/schema';
export { hintFor, matchesPattern } from '../forms/hints';
export { labelChain } from '../forms/labelChain';
export { abbreviation, compactLabel, humanise, labelOf, singular } from '../forms/labels';
export { perItemOptions, refChosen, refOptions, refSelected, repairRefs } from '../forms/refs';
export { childPath, getAt, initialValue, isRecord, isSet, parsePath, shapeOf } from '../forms/schema';
export { applyUpdate, moved } from '../forms/update';
