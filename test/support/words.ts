import type { Step } from '../../core/combat/steps';

/**
 * Words players use (issue 22 item 7), what every system's words test reads: the words a step
 * shows (title, needs, notes, reasons, options, outcome lines, each dice group's label and need).
 * Each system's test holds the slips of its own game's words.
 */

/** Every word a step puts in front of the players. */
export function stepWords(step: Step): string[] {
  switch (step.kind) {
    case 'roll':
      return [
        step.title,
        step.needs,
        ...step.notes,
        ...step.why.flatMap((w) => [w.rule, w.detail]),
        ...(step.groups ?? []).flatMap((g) => [g.label, g.needs, g.note ?? '']),
      ];
    case 'choose':
      return [
        step.title,
        step.prompt,
        ...step.why.flatMap((w) => [w.rule, w.detail]),
        ...step.options.flatMap((o) => [o.label, o.detail ?? '']),
      ];
    case 'outcome':
      return [step.title, ...step.lines];
  }
}
