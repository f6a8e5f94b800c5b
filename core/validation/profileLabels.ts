import type { HintMap } from '../combat/setupLayout';

/** What a profile field is labelled, e.g. "T", and said in full (help, summaries), e.g. "Toughness". */
export interface FieldLabel {
  short: string;
  long?: string;
}

export const label = (short: string, long?: string): FieldLabel => (long ? { short, long } : { short });

/**
 * How a system's roster profile is shown in the unit editor, as data of the system's own
 * (core/systems/<id>/roster/labels.ts): the label of each field by its key (the order of the map
 * is the order fields are laid out in), the noun of one item of a list where it is not the list's
 * name in the singular, and layout hints by path. The host writes them into the JSON Schema it
 * sends (`roster.profileForm`), so the editor needs no system's names of its own.
 */
export interface ProfileLabels {
  fields: Record<string, FieldLabel>;
  items?: Record<string, string>;
  hints?: HintMap;
}
