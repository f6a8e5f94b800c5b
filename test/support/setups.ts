import type { RuleSystem } from '../../core/combat/system';

/**
 * Builders the systems' named test setups share (test/core/systems/<id>/analysis/setups.ts and
 * the tests beside them): a setup is written as what differs from the schema's defaults, its
 * `system` filled in, and read by the system's own setup schema — a typo in a test setup fails as
 * a player's would.
 */

/** `parse(input)`: the setup of `rules`'s system from `input` without its `system` (`Input` its setup as written, `Setup` as read). */
export function setupParser<Input extends { system: string }, Setup>(rules: RuleSystem<Setup>) {
  return (input: Omit<Input, 'system'>): Setup => rules.setupSchema.parse({ system: rules.id, ...input });
}
