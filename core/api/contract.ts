import type { z } from 'zod';
import type { ChannelSpec, StoreArea } from './channel';
import { appChannels } from './channels/app';
import { combatChannels } from './channels/combat';
import { fileChannels } from './channels/files';
import { matchupChannels } from './channels/matchups';
import { printChannels } from './channels/print';
import { rosterChannels } from './channels/roster';
import { summaryChannels } from './channels/summary';

export { channel, type ChannelSpec, type StoreArea } from './channel';
export * from './channels/app';
export * from './channels/combat';
export * from './channels/roster';
export * from './channels/files';
export * from './channels/summary';
export * from './channels/print';
export * from './channels/matchups';

/**
 * The contract between the UI and the host: every channel is declared once, with the zod schema
 * of its request and of its response, in the file of its area under channels/. Both hosts
 * validate every request against it before the backend sees it; the typed client and the preload
 * are derived from it. Adding a channel there (and spreading it in here) is the only way to add one.
 */
export const contract = {
  ...appChannels,
  ...combatChannels,
  ...rosterChannels,
  ...matchupChannels,
  ...fileChannels,
  ...summaryChannels,
  ...printChannels,
} as const satisfies Record<string, ChannelSpec>;

export type Contract = typeof contract;
export type Channel = keyof Contract;
/** What a caller sends (before defaults are applied). */
export type RequestOf<C extends Channel> = z.input<Contract[C]['request']>;
/** What the backend receives, after validation. */
export type ParsedRequestOf<C extends Channel> = z.output<Contract[C]['request']>;
export type ResponseOf<C extends Channel> = z.output<Contract[C]['response']>;

export const channels = Object.keys(contract) as Channel[];

/** What a successful call on this channel changes in the store (empty for reads). */
export function changesOf(channel: Channel): readonly StoreArea[] {
  return (contract[channel] as ChannelSpec).changes ?? [];
}

export function isChannel(name: unknown): name is Channel {
  return typeof name === 'string' && Object.hasOwn(contract, name);
}
