// The one axe check every accessibility test uses: WCAG 2.2 A and AA rules, zero violations allowed.
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';
import { NOT_INTERACTIVE } from './ideas-helpers';

export const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

/** Fails with each violation's rule and elements (prefixed by `label`, the page or state checked). */
export async function expectNoAxeViolations(page: Page, label = new URL(page.url()).pathname): Promise<void> {
  // Violations only: axe skips writing up every rule that passed (a third faster per page).
  const { violations } = await new AxeBuilder({ page })
    // options() replaces the builder's options, tags included: it must come before withTags().
    .options({ resultTypes: ['violations'] })
    .withTags(WCAG_TAGS)
    .analyze();
  expect(violations.map((v) => `${label}: ${v.id} ${v.nodes.map((n) => n.target).join(', ')}`)).toEqual([]);
}

/** Opens `path`, waits until every island has hydrated (and live lists are bound), then checks it. */
export async function expectPageHasNoAxeViolations(page: Page, path: string): Promise<void> {
  await page.goto(path);
  // Idle islands wait for the browser to be idle, which a loaded test machine can postpone for seconds.
  await expect(page.locator(NOT_INTERACTIVE)).toHaveCount(0, { timeout: 20_000 });
  await expectNoAxeViolations(page, path);
}
