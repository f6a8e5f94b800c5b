import { describe, expect, it } from 'vitest';
import type { CombatOdds } from '../../core/api/channels/combat';
import { wholeShown } from '../../renderer/src/combat/wholeShown';

// Only what wholeShown reads of an answer: the fight's figures from here, exact or estimated.
const answer = (headline: string, exact: boolean) =>
  ({ whole: { start: null, now: { exact }, headline, unavailable: null } }) as unknown as CombatOdds;

describe('the fight at the top of a step while its answers come (issue 34)', () => {
  it('a quick answer that counted exactly is final at once, before the options are weighed', () => {
    const shown = wholeShown(undefined, answer('quick, exact', true), undefined, false);
    expect(shown.data?.headline).toBe('quick, exact');
    expect(shown.nowFinal).toBe(true);
    expect(shown.updating).toBe(true); // the options' figures still come with the full answer
  });

  it('a quick estimate is shown, marked as being refined, until the full answer replaces it', () => {
    const first = wholeShown(undefined, answer('≈ estimate', false), undefined, false);
    expect(first).toMatchObject({ nowFinal: false, updating: true });
    expect(first.data?.headline).toBe('≈ estimate');
    const then = wholeShown(answer('exact', true), answer('≈ estimate', false), undefined, false);
    expect(then).toMatchObject({ nowFinal: true, updating: false });
    expect(then.data?.headline).toBe('exact');
  });

  it("the last step's exact figure, shown while this step's come, never counts as final", () => {
    const shown = wholeShown(undefined, undefined, answer('last step', true), false);
    expect(shown.data?.headline).toBe('last step');
    expect(shown).toMatchObject({ nowFinal: false, updating: true });
  });

  it('a full answer that failed stops the refining, with nothing final', () => {
    expect(wholeShown(undefined, undefined, undefined, true)).toMatchObject({
      isError: true,
      updating: false,
      nowFinal: false,
    });
  });
});
