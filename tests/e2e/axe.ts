// The one axe check every accessibility test uses: WCAG 2.2 A and AA rules, zero violations allowed.
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';
import axe from 'axe-core';
import { NOT_INTERACTIVE } from './ideas-helpers';

export const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

export interface Violation {
  id: string;
  impact?: string | null | undefined;
  nodes: { target: unknown }[];
}

/**
 * axe's violations on `page`. A page without frames is checked by axe.run inside it, axe injected once per
 * document: @axe-core/playwright's analyze() injects axe's 0.5 MB again on every call and opens a blank page
 * to assemble the results of each frame, which cost 1.3–3.0 s a check against 0.3–0.6 s for the same rules
 * (same pages, same run). A page with frames gets the builder's frame-by-frame run, so every frame is still checked.
 */
export async function axeViolations(page: Page): Promise<Violation[]> {
  if (page.frames().length > 1) {
    // options() replaces the builder's options, tags included: it must come before withTags().
    const results = await new AxeBuilder({ page })
      .options({ resultTypes: ['violations'] })
      .withTags(WCAG_TAGS)
      .analyze();
    return results.violations;
  }
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axe.source);
  // Violations only: axe skips writing up every rule that passed (a third faster per page).
  return page.evaluate(
    async (tags) =>
      (
        await (window as unknown as { axe: typeof axe }).axe.run(document, {
          runOnly: { type: 'tag', values: tags },
          resultTypes: ['violations'],
        })
      ).violations.map((v) => ({ id: v.id, impact: v.impact, nodes: v.nodes.map((n) => ({ target: n.target })) })),
    WCAG_TAGS,
  );
}

/** Fails with each violation's rule and elements (prefixed by `label`, the page or state checked). */
export async function expectNoAxeViolations(page: Page, label = new URL(page.url()).pathname): Promise<void> {
  const violations = await axeViolations(page);
  expect(violations.map((v) => `${label}: ${v.id} ${v.nodes.map((n) => n.target).join(', ')}`)).toEqual([]);
}

/** Opens `path`, waits until every island has hydrated (and live lists are bound), then checks it. */
export async function expectPageHasNoAxeViolations(page: Page, path: string): Promise<void> {
  await page.goto(path);
  // Idle islands wait for the browser to be idle, which a loaded test machine can postpone for seconds.
  await expect(page.locator(NOT_INTERACTIVE)).toHaveCount(0, { timeout: 20_000 });
  await expectNoAxeViolations(page, path);
}
