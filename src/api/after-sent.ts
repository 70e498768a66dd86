import { subscribe, unsubscribe } from 'node:diagnostics_channel';

// undici publishes on this channel (public, see its DiagnosticsChannel docs) when a
// request's headers and body have been written to the connection.
const SENT = 'undici:request:bodySent';

/**
 * Runs `task` on the turn of the event loop after the next request this process
 * sends has left. Until its answer comes the process is idle (the network, the
 * server), so what a command needs only for the answer is done then rather than
 * before asking. A task that fails is ignored: it only prepared what the command
 * makes again, and meets the same failure, when it needs it. Returns the way to
 * give up on it (a request that ended without leaving: a refused connection).
 */
export function afterNextRequestSent(task: () => unknown): () => void {
  const sent = () => {
    unsubscribe(SENT, sent);
    setImmediate(() => {
      try {
        // a task may be a module's import(): its failure is met again where the module is used
        void Promise.resolve(task()).catch(() => undefined);
      } catch {
        // see above
      }
    });
  };
  subscribe(SENT, sent);
  return () => unsubscribe(SENT, sent);
}
