import { keptChoice, type DeviceChoice } from '../keptChoice';

/**
 * How the players enter dice — typing the faces or counting each face. Settings keeps the way every
 * roll opens in on this device (local storage, like the paper and the step log); a switch made at a
 * roll is kept for the session, so "Count each face" chosen once stays at every step until changed
 * (a reload in the same tab too).
 */
export type DiceMode = 'type' | 'count';

export const diceModeLabels: Record<DiceMode, string> = { type: 'Type the faces', count: 'Count each face' };

export function isDiceMode(value: string | null | undefined): value is DiceMode {
  return value === 'type' || value === 'count';
}

/** The switch made at a roll, for this tab's session. */
const keptForSession = keptChoice('combat-companion.dice-mode', isDiceMode, () => globalThis.sessionStorage);
/** The way every roll opens, set in Settings, for this device. */
const keptOnDevice = keptChoice('combat-companion.dice-mode-default', isDiceMode);

/** The way a roll opens: the switch made this session, else the device's setting, else typing. */
export function savedDiceMode(): DiceMode {
  return keptForSession.read() ?? rememberedDiceMode();
}

/** A switch made at a roll: kept for the session. */
export function saveDiceMode(mode: DiceMode): void {
  keptForSession.write(mode);
}

/** The way every roll opens on this device (Settings): typing unless set, or when the storage holds no valid mode. */
export function rememberedDiceMode(): DiceMode {
  return keptOnDevice.read() ?? 'type';
}

/**
 * Settings' choice, kept on this device. It takes over this session's switch too: the player who
 * just chose it in Settings finds the next roll open that way.
 */
export function rememberDiceMode(mode: DiceMode): void {
  keptOnDevice.write(mode);
  saveDiceMode(mode);
}

/** The way every roll opens, as Settings offers it. */
export const diceModeChoice: DeviceChoice<DiceMode> = {
  labels: diceModeLabels,
  isValue: isDiceMode,
  current: rememberedDiceMode,
  remember: rememberDiceMode,
};
