import { describe, expect, it } from 'vitest';
import { storeStates } from '../../core/api/channels/app';
import { cannotSaveWords } from '../../renderer/src/sections/storeWords';

describe('About, when the store cannot write (issue 36)', () => {
  it('says the rosters cannot be saved, with the host’s reason, only while the store is full', () => {
    const message = 'The disk is full: changes are not being saved.';
    expect(cannotSaveWords({ state: 'full', message })).toBe(
      'Your rosters cannot be saved right now: The disk is full: changes are not being saved.',
    );
    for (const state of storeStates.filter((s) => s !== 'full'))
      expect(cannotSaveWords({ state, message: 'The roster store is ready.' })).toBeNull();
  });
});
