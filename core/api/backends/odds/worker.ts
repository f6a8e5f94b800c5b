import type { CombatOdds } from '../../channels/combat';
import { ApiFailure, fail, ok, type Reply } from '../../reply';
import type { OddsJob, OddsOf } from './job';

/**
 * The odds on a worker of their own: the host thread posts each job (a combat's log and what is
 * asked) and goes on answering steps while the worker works the odds out — on two cores, at the
 * same time. Plain messages both ways, so the browser's Web Worker and the desktop's worker thread
 * use the same two ends.
 */
export interface OddsPort {
  post(message: unknown): void;
  listen(listener: (message: unknown) => void): void;
}

interface JobMessage {
  jobId: number;
  job: OddsJob;
}
interface ReplyMessage {
  jobId: number;
  reply: Reply<CombatOdds>;
}

const isJob = (m: unknown): m is JobMessage =>
  typeof m === 'object' && m !== null && typeof (m as JobMessage).jobId === 'number' && 'job' in m;
const isReply = (m: unknown): m is ReplyMessage =>
  typeof m === 'object' && m !== null && typeof (m as ReplyMessage).jobId === 'number' && 'reply' in m;

/** The worker's end: every job worked out by `odds`, answered by its number; a failure in words, never thrown. */
export function serveOdds(port: OddsPort, odds: OddsOf): void {
  port.listen((message) => {
    if (!isJob(message)) return;
    void odds(message.job).then(
      (value) => port.post({ jobId: message.jobId, reply: ok(value) }),
      (error: unknown) =>
        port.post({
          jobId: message.jobId,
          reply:
            error instanceof ApiFailure
              ? fail(error.code, error.message, error.field)
              : fail(
                  'internal',
                  `The odds could not be worked out: ${error instanceof Error ? error.message : String(error)}`,
                ),
        }),
    );
  });
}

/**
 * The host thread's end: the odds of a job from the worker. A failure reply is thrown again as the
 * ApiFailure it was (a conflict stays a conflict). Once the worker has stopped (it could not start,
 * it crashed), `stopped` hands every job still waiting, and every later one, to `fallback` — the
 * host working the odds out itself — so no job is left waiting and the odds never go away.
 */
export function oddsOnWorker(port: OddsPort, fallback: OddsOf): OddsOf & { stopped(): void } {
  let next = 1;
  let down = false;
  const waiting = new Map<number, { job: OddsJob; settle: (answer: Promise<CombatOdds>) => void }>();
  port.listen((message) => {
    if (!isReply(message)) return;
    const { reply } = message;
    waiting
      .get(message.jobId)
      ?.settle(
        reply.ok
          ? Promise.resolve(reply.value)
          : Promise.reject(new ApiFailure(reply.error.code, reply.error.message, reply.error.field)),
      );
    waiting.delete(message.jobId);
  });
  const odds = (job: OddsJob): Promise<CombatOdds> => {
    if (down) return fallback(job);
    const jobId = next++;
    return new Promise<CombatOdds>((resolve, reject) => {
      waiting.set(jobId, { job, settle: (answer) => answer.then(resolve, reject) });
      port.post({ jobId, job });
    });
  };
  const stopped = () => {
    down = true;
    for (const { job, settle } of waiting.values()) settle(fallback(job));
    waiting.clear();
  };
  return Object.assign(odds, { stopped });
}
