// PocketBase's request log keeps failed requests only (pb_hooks/platform/request-logs.pb.js), unless
// CHORUS_LOG_SUCCESSFUL_REQUESTS=1 asks for every request again.
import { afterEach, expect, it } from 'vitest';
import { startTestPocketBase, type TestPocketBase } from '../../support/pocketbase';

let pb: TestPocketBase | undefined;
afterEach(() => pb?.stop());

/** Sends one request that succeeds and one that fails, each to a URL of its own, and waits until the failed
 * one is in the log (logs are written in batches): returns whether the successful one is there too. */
async function successLogged(server: TestPocketBase): Promise<boolean> {
  const mark = Math.random().toString(36).slice(2, 10);
  const ok = await fetch(`${server.url}/api/collections/boards/records?perPage=1&ok=${mark}`);
  const missing = await fetch(`${server.url}/api/collections/boards/records/nothing${mark}`);
  expect([ok.status, missing.status]).toEqual([200, 404]);
  const has = async (url: string) =>
    (await server.admin.logs.getList(1, 1, { filter: server.admin.filter('data.url ~ {:url}', { url }) })).totalItems >
    0;
  const deadline = Date.now() + 20_000;
  while (!(await has(`nothing${mark}`))) {
    if (Date.now() > deadline) throw new Error('the failed request never reached the log');
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return has(`ok=${mark}`);
}

it('logs failed requests and not successful ones', { timeout: 60_000 }, async () => {
  pb = await startTestPocketBase();
  expect(await successLogged(pb)).toBe(false);
});

it('logs every request with CHORUS_LOG_SUCCESSFUL_REQUESTS=1', { timeout: 60_000 }, async () => {
  pb = await startTestPocketBase({ env: { CHORUS_LOG_SUCCESSFUL_REQUESTS: '1' } });
  expect(await successLogged(pb)).toBe(true);
});
