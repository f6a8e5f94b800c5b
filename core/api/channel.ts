import type { z } from 'zod';

/**
 * One channel of the contract: its zod request and response schemas. `example` is a valid
 * request: it documents the channel and lets the contract tests build a malformed payload for
 * every channel without a hand-kept list.
 */
export interface ChannelSpec<Req extends z.ZodType = z.ZodType, Res extends z.ZodType = z.ZodType> {
  summary: string;
  request: Req;
  response: Res;
  example: z.input<Req>;
  /**
   * What a successful call changes in the store. Hosts tell other windows (browser tabs) so they
   * refresh; absent for reads.
   */
  changes?: readonly StoreArea[];
}

export type StoreArea = 'rosters' | 'combats';

/** Declares one channel, keeping its schemas' exact types. */
export const channel = <Req extends z.ZodType, Res extends z.ZodType>(spec: ChannelSpec<Req, Res>) => spec;
