/**
 * A pause that lets a worker take the messages waiting for it before a long analysis goes on:
 * a message on a channel of its own queues a task behind them (a resolved promise alone would not
 * let them in, and chained timers are slowed to 4 ms each).
 */
export function messagePause(): () => Promise<void> {
  const pauses = new MessageChannel();
  const waiting: Array<() => void> = [];
  pauses.port1.onmessage = () => waiting.shift()?.();
  return () =>
    new Promise<void>((resolve) => {
      waiting.push(resolve);
      pauses.port2.postMessage(null);
    });
}
