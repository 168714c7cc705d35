// What the two Worker-only tracker routes check: a proof signed with the "trackers" key (platform/site-proof.js),
// an active connection of the provider the proof names (else 404, the same for every reason, so the public
// address tells nothing), and for an event, a payload whose SHA-256 the proof carries.
const { refusalText } = require(`${__hooks}/platform/refusals.js`);

const MAX_PAYLOAD = 1024 * 1024;

function readTrackerProof(e, act) {
  const { siteProofKey, parseSiteProof } = require(`${__hooks}/platform/site-proof.js`);
  if (!siteProofKey('trackers')) throw new ApiError(503, refusalText('trackerBadProof'));
  const claims = parseSiteProof(e.requestInfo().body.proof, 'trackers', act);
  if (!claims) throw new UnauthorizedError(refusalText('trackerBadProof'));
  return claims;
}

function workerConnection(app, claims) {
  let connection;
  try {
    connection = app.findRecordById('tracker_connections', String(claims.connection || ''));
  } catch {
    throw new NotFoundError(refusalText('trackerNotFound'));
  }
  const usable =
    connection.getBool('active') &&
    connection.getString('provider') === claims.provider &&
    connection.getString('webhook_secret') !== '';
  if (!usable) throw new NotFoundError(refusalText('trackerNotFound'));
  return connection;
}

function verifiedPayload(e, claims) {
  const text = String(e.requestInfo().body.payload || '');
  if (!text || text.length > MAX_PAYLOAD || $security.sha256(text) !== claims.digest) {
    throw new UnauthorizedError(refusalText('trackerBadProof'));
  }
  try {
    return JSON.parse(text);
  } catch {
    throw new BadRequestError(refusalText('trackerBadProof'));
  }
}

module.exports = { readTrackerProof, workerConnection, verifiedPayload };
