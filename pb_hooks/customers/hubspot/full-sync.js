// HubSpot's "sync now" (issue 58): an admin asks (POST /api/chorus/hubspot/sync), the request only marks the settings
// and wakes the job (platform/contract HUBSPOT_SYNC_JOB, on its own goroutine, webhooks/kick.js explains how), and the
// job reads every company page by page (GET /crm/v3/objects/companies, 100 a page, following paging.next.after) and
// writes each as a webhook would (./sync.js), up to MAX_PAGES pages (10,000 companies) a run. A company HubSpot does
// not list is left as it is: only webhooks' deletion events unlink.
const { hubspotSettings } = require(`${__hooks}/customers/hubspot/settings.js`);
const { readCompanyPage } = require(`${__hooks}/customers/hubspot/api.js`);
const { applyCompanies } = require(`${__hooks}/customers/hubspot/sync.js`);
const { recordAudit } = require(`${__hooks}/audit/audit.js`);
const { noteConnectionEvent } = require(`${__hooks}/platform/connection-settings.js`);

const MAX_PAGES = 100;

/**
 * POST …/sync: marks the request (audited) and wakes the job; 409 while HubSpot is off or has no token, 429 past an
 * admin's allowance (platform/limits.js 'hubspot-sync'). A sync already asked for and not yet started is that one.
 */
function requestSync(e) {
  const settings = hubspotSettings(e.app);
  if (!settings.getBool('active') || !settings.getString('access_token')) {
    throw new ApiError(409, require(`${__hooks}/platform/refusals.js`).refusalText('hubspotUnavailable'), {});
  }
  require(`${__hooks}/platform/limits.js`).spend('hubspot-sync', e.auth?.id || 'operator');
  e.app.runInTransaction((txApp) => {
    // Marked only where no sync waits (one column, as a claim: a webhook's note of its last event is never written
    // over); a sync already asked for and not yet started is that one, and is not audited again.
    const marked = txApp
      .db()
      .newQuery("UPDATE hubspot_settings SET sync_requested_at = {:now} WHERE COALESCE(sync_requested_at, '') = ''")
      .bind({ now: new DateTime().string() })
      .execute();
    if (marked.rowsAffected() === 0) return;
    recordAudit(txApp, e, {
      action: 'hubspot.sync',
      collection: 'hubspot_settings',
      id: settings.id,
      label: 'HubSpot',
      after: {},
    });
  });
  const { HUBSPOT_SYNC_JOB } = require(`${__hooks}/platform/contract/hook-hand-offs.js`);
  require(`${__hooks}/webhooks/kick.js`).kickJob(e.app, HUBSPOT_SYNC_JOB);
  return { queued: true };
}

/** The job: runs one full sync when one was asked for since the last; notes when it ended and how. */
function runRequestedSync(app) {
  const settings = hubspotSettings(app);
  if (!settings.getString('sync_requested_at')) return;
  // Claimed at once, in one statement: of two runs woken together (a wake and the minute's tick), one has it.
  const claimed = app
    .db()
    .newQuery("UPDATE hubspot_settings SET sync_requested_at = '' WHERE sync_requested_at != ''")
    .execute();
  if (claimed.rowsAffected() === 0) return;
  const token = settings.getString('access_token');
  const totals = { created: 0, updated: 0, pending: 0, unchanged: 0 };
  let after = '';
  let outcome = '';
  // The owners' names, read once for the whole run.
  const owners = { names: null };
  for (let page = 0; page < MAX_PAGES; page += 1) {
    const read = readCompanyPage(token, after);
    if (!read.ok) {
      outcome = `error:${read.error}`;
      break;
    }
    const applied = applyCompanies(app, token, read.companies, [], owners);
    if (!applied.ok) {
      outcome = `error:${applied.error}`;
      break;
    }
    for (const key of Object.keys(totals)) totals[key] += applied.counts[key];
    after = read.after;
    if (!after) break;
  }
  if (!outcome) {
    outcome = Object.entries(totals)
      .filter(([, count]) => count > 0)
      .map(([what, count]) => `${what} ${count}`)
      .join(', ');
    if (after) outcome = `${outcome} (stopped at ${MAX_PAGES} pages)`.trim();
  }
  noteConnectionEvent(app, 'hubspot_settings', {
    sync_at: new DateTime().string(),
    sync_outcome: (outcome || 'nothing').slice(0, 60),
  });
  app.logger().info('HubSpot: a full sync ended', 'outcome', outcome);
}

module.exports = { requestSync, runRequestedSync };
