import type { RuleSystem } from '../combat/system';
import { ninthAge } from './ninth-age';
import { epicArmageddon } from './epic-armageddon';
import { oldWorld } from './old-world';
import { wh40k10e } from './wh40k-10e';
import { wh40k7e } from './wh40k-7e';

/** Every rule system the app knows, by id. */
export const systems: Record<string, RuleSystem> = {
  [wh40k10e.id]: wh40k10e as unknown as RuleSystem,
  [oldWorld.id]: oldWorld as unknown as RuleSystem,
  [wh40k7e.id]: wh40k7e as unknown as RuleSystem,
  [ninthAge.id]: ninthAge as unknown as RuleSystem,
  [epicArmageddon.id]: epicArmageddon as unknown as RuleSystem,
};

export function getSystem(id: string): RuleSystem | undefined {
  return systems[id];
}
