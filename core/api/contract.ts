import { z } from 'zod';

/**
 * The contract between the UI and the host: every channel is declared here once, with the zod
 * schema of its request and of its response. Both hosts (Electron main, Web Worker) validate every
 * request against it before the backend sees it; the typed client and the preload are derived from
 * it. Adding a channel here is the only way to add one.
 *
 * `example` is a valid request: it documents the channel and lets the contract tests build a
 * malformed payload for every channel without a hand-kept list.
 */
export interface ChannelSpec<Req extends z.ZodType = z.ZodType, Res extends z.ZodType = z.ZodType> {
  summary: string;
  request: Req;
  response: Res;
  example: z.input<Req>;
}

const channel = <Req extends z.ZodType, Res extends z.ZodType>(spec: ChannelSpec<Req, Res>) => spec;

export const hostKinds = ['desktop', 'browser'] as const;
export type HostKind = (typeof hostKinds)[number];

/**
 * What the host can say about the roster store. `recovered` means a damaged file was set aside
 * and the last good state loaded; the UI must tell the user.
 */
export const storeStatusSchema = z.object({
  state: z.enum(['ready', 'recovered', 'unavailable']),
  message: z.string(),
});
export type StoreStatus = z.infer<typeof storeStatusSchema>;

export const appInfoSchema = z.object({
  name: z.string(),
  version: z.string(),
  host: z.enum(hostKinds),
  store: storeStatusSchema,
});
export type AppInfo = z.infer<typeof appInfoSchema>;

export const contract = {
  'app.info': channel({
    summary: 'Name, version, which host answers, and the state of the roster store.',
    request: z.object({}).strict(),
    response: appInfoSchema,
    example: {},
  }),
  'app.echo': channel({
    summary: 'Returns its text unchanged: proves the plumbing end to end in tests.',
    request: z.object({ text: z.string().max(10_000) }).strict(),
    response: z.object({ text: z.string() }),
    example: { text: 'hello' },
  }),
} as const satisfies Record<string, ChannelSpec>;

export type Contract = typeof contract;
export type Channel = keyof Contract;
/** What a caller sends (before defaults are applied). */
export type RequestOf<C extends Channel> = z.input<Contract[C]['request']>;
/** What the backend receives, after validation. */
export type ParsedRequestOf<C extends Channel> = z.output<Contract[C]['request']>;
export type ResponseOf<C extends Channel> = z.output<Contract[C]['response']>;

export const channels = Object.keys(contract) as Channel[];

export function isChannel(name: unknown): name is Channel {
  return typeof name === 'string' && Object.hasOwn(contract, name);
}
