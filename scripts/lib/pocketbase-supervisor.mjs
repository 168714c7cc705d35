// Keeps the local PocketBase running: when it dies unexpectedly (a crash, `kill -9`), says what happened
// and starts it again on the same folder and port. The site serves its 503 page meanwhile, then recovers.
import { startPocketBase } from './pocketbase-server.mjs';

const RETRY_DELAYS_MS = [500, 1000, 2000, 5000];

/**
 * @param {import('./pocketbase-server.mjs').PocketBaseOptions} options how to start PocketBase (the first start may upsert the superuser)
 * @param {(line: string) => void} log
 */
export async function supervisePocketBase(options, log) {
  let server = await startPocketBase(options);
  const restartOptions = { ...options, superuser: undefined };
  /** Why PocketBase is not to be restarted right now: 'stopped' by us, or null when it should run. */
  let heldDown = null;
  let restarting = null;

  const watch = (current) => {
    current.process.once('exit', (code, signal) => {
      if (heldDown || current !== server) return;
      log(`PocketBase stopped unexpectedly (${signal ? `signal ${signal}` : `exit code ${code}`}); restarting it…`);
      restarting = restartUntilUp().finally(() => {
        restarting = null;
      });
    });
  };

  const restartUntilUp = async () => {
    for (let attempt = 0; !heldDown; attempt++) {
      await new Promise((r) => setTimeout(r, RETRY_DELAYS_MS[Math.min(attempt, RETRY_DELAYS_MS.length - 1)]));
      if (heldDown) return;
      try {
        server = await startPocketBase(restartOptions);
        watch(server);
        log(`PocketBase is back at ${server.url}.`);
        return;
      } catch (error) {
        log(`PocketBase could not start again: ${error instanceof Error ? error.message.split('\n')[0] : error}`);
      }
    }
  };

  watch(server);
  return {
    url: server.url,
    /** The running server (its process changes after a restart). */
    current: () => server,
    /** Stops PocketBase and keeps it down until `start()`. */
    async stop() {
      heldDown = 'stopped';
      await restarting;
      await server.stop();
    },
    async start() {
      heldDown = null;
      server = await startPocketBase(restartOptions);
      watch(server);
    },
  };
}
