// The version of what pages show alike for a whole audience, the site record, the statuses, the tags, the boards,
// the segments, the scoring and the tracker connections (issue 59: VERSIONED_SHELL_COLLECTIONS): a random name in PocketBase's store, new at each start and after each write to any
// of them commits (before the writer is answered), and named in every member's auth refresh. A Worker isolate keeps
// them under it and reads them again only when it changes, so a member never gets a renamed site or status late,
// and no member's request reads them at all otherwise (src/lib/pb/kept-at-version.ts); the gateway hands it to a
// member audience's copy too (its cache props).
const { SHELL_VERSION_KEY } = require(`${__hooks}/platform/contract/hook-hand-offs.js`);
const { SHELL_VERSION_META } = require(`${__hooks}/platform/contract/cache-tags.js`);
const { AUDIENCE_META } = require(`${__hooks}/platform/contract/audience.js`);
const { OWN_QUERY, OWN_META } = require(`${__hooks}/platform/contract/own-state.js`);

const fresh = () => $security.randomString(20);

/** The current version (a new one when none is kept: PocketBase just started). */
function shellVersion(app) {
  const kept = app.store().get(SHELL_VERSION_KEY);
  if (kept) return kept;
  const version = fresh();
  app.store().set(SHELL_VERSION_KEY, version);
  return version;
}

/** After a write to any collection VERSIONED_SHELL_COLLECTIONS names committed: every version named before is
 * out of date. */
function bumpShellVersion(app) {
  app.store().set(SHELL_VERSION_KEY, fresh());
}

/** onRecordAuthRequest for users: a refresh (no auth method) answers the version in its `meta`, and the member's
 * audience (site/audience.js): the Worker serves their public pages from that audience's cached copy. The browser's
 * refresh asks for the member's own state too (?own=, site/own-state.js), and gets it there. */
function nameShellVersion(e) {
  if (!e.authMethod && !e.meta) {
    const { audienceOf } = require(`${__hooks}/site/audience.js`);
    e.meta = { [SHELL_VERSION_META]: shellVersion(e.app), [AUDIENCE_META]: audienceOf(e.app, e.record) };
    const asked = e.requestInfo().query[OWN_QUERY];
    if (asked !== undefined) {
      e.meta[OWN_META] = require(`${__hooks}/site/own-state.js`).ownStateOf(e.app, e.record, asked);
    }
  }
  e.next();
}

module.exports = { shellVersion, bumpShellVersion, nameShellVersion };
