// Keeps the local PocketBase running: when it dies unexpectedly (a crash, `kill -9`), says what happened
// and starts it again on the same folder and port. The site serves its 503 page meanwhile, then recovers.
// A shutdown (`holdDown()`, `stop()`) is no crash: PocketBase exiting then is neither reported nor restarted.
import { startPocketBase } from './pocketbase-server.mjs';

const RETRY_DELAYS_MS = [500, 1000, 2000, 5000];
const SHUTDOWN_GRACE_MS = 250;

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
    current.process.once('exit', async (code, signal) => {
      // Ctrl-C reaches PocketBase as well as `npm start`: give the shutdown a moment to say it is one.
      await new Promise((r) => setTimeout(r, SHUTDOWN_GRACE_MS));
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
    /**
     * From now on PocketBase exiting is no crash: a shutdown is under way (call it first thing, before
     * stopping anything else, since Ctrl-C reaches PocketBase too and it exits on its own).
     */
    holdDown() {
      heldDown = 'stopped';
    },
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
