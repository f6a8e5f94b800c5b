import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  diceModeLabels,
  isDiceMode,
  rememberDiceMode,
  rememberedDiceMode,
  saveDiceMode,
  savedDiceMode,
} from '../../renderer/src/combat/diceMode';

/**
 * How dice are entered (issue 35, Settings): the way every roll opens is kept on this device (local
 * storage, as the paper and the step log are), a switch made at a roll for the session; what the
 * storage holds is read only when it is a mode, and a refused storage never breaks a roll.
 */

/** A Web Storage of plain strings, as the browser gives. */
function memoryStorage(): Storage {
  const items = new Map<string, string>();
  return {
    get length() {
      return items.size;
    },
    clear: () => items.clear(),
    getItem: (key) => items.get(key) ?? null,
    key: (i) => [...items.keys()][i] ?? null,
    removeItem: (key) => void items.delete(key),
    setItem: (key, value) => void items.set(key, String(value)),
  };
}

/** A storage the browser refuses (a locked-down profile, storage blocked for the site). */
function refusedStorage(): Storage {
  const refuse = () => {
    throw new DOMException('The operation is insecure.', 'SecurityError');
  };
  return { length: 0, clear: refuse, getItem: refuse, key: refuse, removeItem: refuse, setItem: refuse };
}

let local: Storage;
let session: Storage;
beforeEach(() => {
  local = memoryStorage();
  session = memoryStorage();
  vi.stubGlobal('localStorage', local);
  vi.stubGlobal('sessionStorage', session);
});
afterEach(() => vi.unstubAllGlobals());

describe('the way every roll opens, set in Settings', () => {
  it('is typing until set', () => {
    expect(rememberedDiceMode()).toBe('type');
    expect(savedDiceMode()).toBe('type');
  });

  it('is kept on this device: a new session (a new tab, the app reopened) opens its rolls that way', () => {
    rememberDiceMode('count');
    expect(local.getItem('combat-companion.dice-mode-default')).toBe('count');
    // A new tab: its own empty session, the same device.
    vi.stubGlobal('sessionStorage', memoryStorage());
    expect(rememberedDiceMode()).toBe('count');
    expect(savedDiceMode()).toBe('count');
  });

  it('takes over the switch made at a roll this session, so the next roll opens as just chosen', () => {
    saveDiceMode('count');
    rememberDiceMode('type');
    expect(savedDiceMode()).toBe('type');
  });

  it('reads only a mode: anything else kept under its name counts as not set', () => {
    for (const kept of ['COUNT', 'counting', '', '1', 'null']) {
      local.setItem('combat-companion.dice-mode-default', kept);
      expect(rememberedDiceMode(), JSON.stringify(kept)).toBe('type');
    }
    local.setItem('combat-companion.dice-mode-default', 'count');
    session.setItem('combat-companion.dice-mode', 'sideways');
    // A session switch that is no mode is passed over for the device's setting.
    expect(savedDiceMode()).toBe('count');
  });

  it('knows the two modes and nothing else, each in a player’s words', () => {
    expect(['type', 'count'].every((v) => isDiceMode(v))).toBe(true);
    expect([null, undefined, '', 'Type', 'tally'].some((v) => isDiceMode(v))).toBe(false);
    expect(diceModeLabels).toEqual({ type: 'Type the faces', count: 'Count each face' });
  });
});

describe('a switch made at a roll', () => {
  it('holds for the session over the device’s setting, and leaves the setting as it was', () => {
    rememberDiceMode('count');
    saveDiceMode('type');
    expect(savedDiceMode()).toBe('type');
    expect(rememberedDiceMode()).toBe('count');
  });
});

describe('a storage the browser refuses', () => {
  it('breaks nothing: rolls open by typing, and a choice is simply not kept', () => {
    vi.stubGlobal('localStorage', refusedStorage());
    vi.stubGlobal('sessionStorage', refusedStorage());
    expect(() => rememberDiceMode('count')).not.toThrow();
    expect(() => saveDiceMode('count')).not.toThrow();
    expect(rememberedDiceMode()).toBe('type');
    expect(savedDiceMode()).toBe('type');
  });

  it('on the session only: the device’s setting still opens the roll', () => {
    rememberDiceMode('count');
    vi.stubGlobal('sessionStorage', refusedStorage());
    expect(savedDiceMode()).toBe('count');
  });
});
