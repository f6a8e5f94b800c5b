import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { paperOnThisDevice, rememberPaper, rememberStepLog, stepLogOnThisDevice } from '../../renderer/src/print/paper';

/**
 * The paper and the step log a print starts from when the address asks for none: as last chosen on
 * this device, else the locale's paper and every step; only a value the print knows is read back,
 * and a storage the browser refuses breaks no print.
 */

function memoryStorage(): Pick<Storage, 'getItem' | 'setItem'> {
  const items = new Map<string, string>();
  return { getItem: (key) => items.get(key) ?? null, setItem: (key, value) => void items.set(key, String(value)) };
}

let local: ReturnType<typeof memoryStorage>;
beforeEach(() => {
  local = memoryStorage();
  vi.stubGlobal('localStorage', local);
  vi.stubGlobal('navigator', { language: 'en-GB' });
});
afterEach(() => vi.unstubAllGlobals());

describe('the paper on this device', () => {
  it('is the locale’s until one is chosen: A4, or US Letter where that is the usual paper', () => {
    expect(paperOnThisDevice()).toBe('a4');
    vi.stubGlobal('navigator', { language: 'en-US' });
    expect(paperOnThisDevice()).toBe('letter');
  });

  it('is the one chosen last, kept across sessions', () => {
    rememberPaper('letter');
    expect(local.getItem('combat-companion.paper')).toBe('letter');
    expect(paperOnThisDevice()).toBe('letter');
  });

  it('reads back only a paper: anything else kept under its name counts as not chosen', () => {
    for (const kept of ['A4', 'legal', '', 'null']) {
      local.setItem('combat-companion.paper', kept);
      expect(paperOnThisDevice(), JSON.stringify(kept)).toBe('a4');
    }
  });
});

describe('the step log on this device', () => {
  it('is every step until one is chosen, then the one chosen last', () => {
    expect(stepLogOnThisDevice()).toBe('full');
    rememberStepLog('compact');
    expect(stepLogOnThisDevice()).toBe('compact');
    local.setItem('combat-companion.step-log', 'brief');
    expect(stepLogOnThisDevice()).toBe('full');
  });
});

describe('a storage the browser refuses', () => {
  it('breaks no print: the locale’s paper and every step, and a choice is simply not kept', () => {
    const refuse = () => {
      throw new DOMException('The operation is insecure.', 'SecurityError');
    };
    vi.stubGlobal('localStorage', { getItem: refuse, setItem: refuse });
    expect(() => rememberPaper('letter')).not.toThrow();
    expect(() => rememberStepLog('none')).not.toThrow();
    expect(paperOnThisDevice()).toBe('a4');
    expect(stepLogOnThisDevice()).toBe('full');
  });
});
