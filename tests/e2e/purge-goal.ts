// How long an end-to-end story waits for a purge to reach the edge: the goal, plus one refill of the budget on the shared stack.
import { expect, type Locator, type Page } from '@playwright/test';

/** Purges are queued and sent within Cloudflare's budget: a write shows at the edge within the goal (15 s). */
export const STALENESS_GOAL_MS = 15_000;
/** One refill of the Free plan's purge budget (5 calls a minute). On the shared stack the other workers' writes
 * spend the queue's burst, so a tag may wait for the next token before its call: a page shows the write within
 * the goal plus that wait (runs failed at 15 s exactly so, in live/edge-cache and ideas/private-files). The goal
 * with the budget spent on purpose is asserted on a stack of its own (live/edge-cache's last test), where nothing
 * else writes. */
const ONE_REFILL_MS = 60_000 / 5;
export const SHARED_STACK_GOAL_MS = STALENESS_GOAL_MS + ONE_REFILL_MS;

/**
 * Reloads `page` until `shown` is visible (with `text`, when given): a page served from the edge cache, a member's
 * included (one copy per audience), shows a write once its purge has landed, within the goal plus one refill.
 */
export async function reloadUntilShown(page: Page, shown: Locator, text?: string): Promise<void> {
  await expect
    .poll(
      async () => {
        await page.reload();
        // Neither waits: a locator's textContent() would wait for an element the stale copy lacks.
        return text === undefined ? shown.isVisible() : (await shown.allTextContents()).join(' ').includes(text);
      },
      { timeout: SHARED_STACK_GOAL_MS, intervals: [500, 1000, 2000] },
    )
    .toBe(true);
}
