// The size budgets, in one place: `npm run size` (tools/size.mjs) fails over them and the docs page
// architecture/budgets.md states them (tests/unit/docs-truth.test.ts holds the page to these numbers).
const KB = 1024;

/** Gzip bytes. */
export const SIZE_BUDGETS = {
  /** JavaScript a page loads up front (signed out and signed in), React and the PocketBase SDK included. */
  pageJs: 100 * KB,
  /** CSS a page loads. */
  pageCss: 15 * KB,
  /** The Worker bundle (`wrangler deploy --dry-run`). */
  worker: 1024 * KB,
  /** The widget's loader, /widget.js. */
  widgetLoader: 5 * KB,
};
