import { registry } from '../../../core/systems';
import { describe, expect, it } from 'vitest';
import { rulesDeps } from '../../../core/api/backends/rules';
import { epicArmageddon } from '../../../core/systems/epic-armageddon';

/** The host never asks for the odds of a state its analysis refuses as too large (core/analysis/system.ts tooLarge). */

const distinct = (n: number, prefix: string) =>
  Array.from({ length: n }, (_, i) => ({ name: `${prefix} ${i + 1}`, armour: 4 + (i % 3), cc: 3 + (i % 3), ff: 4 }));
const state = (n: number) =>
  epicArmageddon.start(
    epicArmageddon.setupSchema.parse({
      system: 'epic-armageddon',
      attacker: { name: 'A', formation: 'a', units: distinct(n, 'a') },
      defender: { name: 'D', formation: 'd', units: distinct(n, 'd') },
    }),
  );

describe('the host’s odds and tooLarge', () => {
  const { analyze } = rulesDeps(registry, { newId: () => 'id', newSeed: () => 1 });

  it('gives no odds (instead of hanging) for an Epic assault too large to count exactly, and says why', () => {
    expect(analyze('epic-armageddon', state(20))).toMatchObject({
      ok: false,
      tooLarge: expect.stringMatching(/Too many ways this assault can go to count exactly/),
    });
  });

  it('gives the odds of one within budget', () => {
    const r = analyze('epic-armageddon', state(3));
    expect(r?.ok && r.distributions.main.reduce((a, b) => a + b, 0)).toBeCloseTo(1, 9);
  });
});
