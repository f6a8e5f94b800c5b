import type { State } from '../../systems/epic-armageddon/state';

/** Placeholder: filled in once measured. */
export function tooLargeReason(state: State): string | null {
  void state;
  return null;
}
