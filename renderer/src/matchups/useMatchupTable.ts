import { useCallback, useEffect, useRef, useState } from 'react';
import type { MatchupMode, ResponseOf } from '../../../core/api';
import { useClient } from '../api/ClientContext';

export type MatchupReply = ResponseOf<'roster.matchups'>;

export interface MatchupRequest {
  mine: string;
  theirs: string;
  mode?: MatchupMode | undefined;
}

export interface MatchupState {
  reply: MatchupReply | null;
  error: string | null;
  /** The host is still working cells out (the screen keeps asking). */
  running: boolean;
  /** The player pressed Cancel: the cells so far stay on screen. */
  stopped: boolean;
}

const idle: MatchupState = { reply: null, error: null, running: false, stopped: false };

/**
 * The matchup table as the host fills it: asked again and again (a few cells each time, the host
 * answering everything else between) until finished; each answer is the table so far, with how far
 * it is. Cancel stops asking and tells the host to stop the call still working; Go on asks again
 * (the cells worked out are remembered by the host).
 */
export function useMatchupTable(request: MatchupRequest | null) {
  const client = useClient();
  const [state, setState] = useState<MatchupState>(idle);
  const [round, setRound] = useState(0);
  const run = useRef(0);
  const key = request ? JSON.stringify([request.mine, request.theirs, request.mode ?? null]) : null;

  useEffect(() => {
    if (!key) return;
    const asked = JSON.parse(key) as [string, string, MatchupMode | null];
    const me = ++run.current;
    let live = true;
    const asking = () => live && run.current === me;
    void (async () => {
      await Promise.resolve();
      if (!asking()) return;
      setState((now) => ({ ...now, running: true, stopped: false, error: null }));
      for (;;) {
        const reply = await client.rosterMatchups({
          mine: asked[0],
          theirs: asked[1],
          ...(asked[2] ? { mode: asked[2] } : {}),
        });
        if (!asking()) return;
        if (!reply.ok) return setState({ ...idle, error: reply.error.message });
        setState({ reply: reply.value, error: null, running: !reply.value.finished, stopped: false });
        if (reply.value.finished) return;
      }
    })();
    return () => {
      live = false;
    };
  }, [client, key, round]);

  const cancel = useCallback(() => {
    if (!request) return;
    run.current++;
    setState((now) => ({ ...now, running: false, stopped: true }));
    void client.rosterMatchups({ ...request, stop: true });
  }, [client, request]);
  const goOn = useCallback(() => setRound((r) => r + 1), []);
  return { ...state, cancel, goOn };
}
