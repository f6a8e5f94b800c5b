import { z } from 'zod';
import { channel } from '../channel';

export const hostKinds = ['desktop', 'browser'] as const;
export type HostKind = (typeof hostKinds)[number];

/**
 * What the host can say about the roster store. `recovered` means a damaged file was set aside
 * and the last good state loaded; `unavailable`, that nothing is kept (the app runs on a store in
 * memory); `full`, that the disk (desktop) or the browser's storage ran out and new changes are not
 * kept until there is room. The UI must tell the user.
 */
export const storeStates = ['ready', 'recovered', 'unavailable', 'full'] as const;
export const storeStatusSchema = z.object({
  state: z.enum(storeStates),
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

/** The app itself: who answers, and an echo that proves the plumbing. */
export const appChannels = {
  'app.info': channel({
    summary: 'Name, version, which host answers, and the state of the roster store.',
    request: z.object({}).strict(),
    response: appInfoSchema,
    example: {},
  }),
  'app.echo': channel({
    summary: 'Returns its text unchanged: proves the plumbing end to end in tests.',
    request: z
      .object({ text: z.string({ error: 'expected text' }).max(10_000, 'expected at most 10000 characters') })
      .strict(),
    response: z.object({ text: z.string() }),
    example: { text: 'hello' },
  }),
} as const;
