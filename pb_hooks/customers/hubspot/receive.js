// HubSpot's webhook door (pb_hooks/customers/hubspot/hubspot.pb.js): every request proves it is HubSpot's
// (./verify.js, signature v3) before anything is read; then the companies its company events name are read from
// HubSpot and written into Chorus (./sync.js). A delivery is a JSON array of at most 100 events (HubSpot's batch);
// events of other objects are answered 200 and ignored, and nothing is written for them.
const { connection, noteEvent } = require(`${__hooks}/customers/hubspot/settings.js`);
const { signatureProblem } = require(`${__hooks}/customers/hubspot/verify.js`);
const { syncCompanies } = require(`${__hooks}/customers/hubspot/sync.js`);
const { MAX_BATCH } = require(`${__hooks}/customers/hubspot/api.js`);
const { ownBase } = require(`${__hooks}/platform/connection-settings.js`);
const { refuseWebhook } = require(`${__hooks}/platform/webhook-door.js`);

/** HubSpot sends at most 100 events of a few hundred bytes each. */
const MAX_BODY_BYTES = 256 * 1024;
const MAX_EVENTS = 100;
/** The company events followed; a merge also names the companies merged away (mergedObjectIds). */
const HANDLED = [
  'company.creation',
  'company.propertyChange',
  'company.deletion',
  'company.restore',
  'company.merge',
  'company.associationChange',
];

const companyId = (value) => (/^[0-9]{1,20}$/.test(String(value)) ? String(value) : '');

/** The distinct company ids of the events followed, in order. */
function companyIds(events) {
  const ids = [];
  for (const event of events) {
    if (!event || typeof event !== 'object' || !HANDLED.includes(String(event.subscriptionType))) continue;
    const named = [event.objectId, ...(Array.isArray(event.mergedObjectIds) ? event.mergedObjectIds : [])];
    for (const id of named.map(companyId)) if (id && !ids.includes(id)) ids.push(id);
  }
  return ids;
}

function receiveWebhook(e) {
  const door = connection.openDoor(e, {
    maxBytes: MAX_BODY_BYTES,
    signatureProblem: (raw, settings) =>
      signatureProblem({
        secret: settings.getString('client_secret'),
        method: String(e.request.method).toUpperCase(),
        // The full address HubSpot called: PocketBase's public scheme and host, and the path and query as sent.
        uri: `${ownBase(e)}${e.request.requestURI}`,
        rawBody: raw,
        signature: String(e.request.header.get('X-HubSpot-Signature-v3') || ''),
        timestamp: String(e.request.header.get('X-HubSpot-Request-Timestamp') || ''),
        nowMs: Date.now(),
      }),
  });
  if (door.refused) return door.refused;
  const { settings, payload: events } = door;
  const refuse = (status, reason) => refuseWebhook(e, 'HubSpot', status, reason);
  if (!Array.isArray(events)) return refuse(400, 'a body that is not an array of events');
  if (events.length > MAX_EVENTS) return refuse(413, 'more than 100 events');
  const ids = companyIds(events);
  if (ids.length > MAX_BATCH) return refuse(413, 'more than 100 companies');
  if (ids.length === 0) return e.json(200, { received: true, ignored: true });
  const type = String(events.find((event) => HANDLED.includes(String(event?.subscriptionType)))?.subscriptionType);
  const result = syncCompanies(e.app, settings.getString('access_token'), ids);
  if (!result.ok) {
    noteEvent(e.app, type, `error:${result.error}`);
    e.app.logger().warn('HubSpot: reading the companies failed', 'error', result.error);
    // A 5xx makes HubSpot retry later (up to ten times over a day), when its API may answer again.
    return e.json(503, { message: 'HubSpot could not be read; retry later.' });
  }
  const outcome = Object.entries(result.counts)
    .filter(([, count]) => count > 0)
    .map(([what, count]) => `${what} ${count}`)
    .join(', ');
  noteEvent(e.app, type, outcome);
  e.app.logger().info('HubSpot: events were applied', 'companies', ids.length, 'outcome', outcome);
  return e.json(200, { received: true, ...result.counts });
}

module.exports = { receiveWebhook };
