// An outside service's one settings record (slack_settings, stripe_settings, …): found by its door, changed by
// admins in one audited write of the fields they gave (switches, checked texts, secrets that are never shown
// again), and its last event noted in its own columns alone, so a webhook never writes back an admin's older copy.
const { recordAudit } = require(`${__hooks}/audit/audit.js`);

/** The one settings record of `collection`. */
function connectionSettings(app, collection) {
  return app.findFirstRecordByFilter(collection, '');
}

/** PocketBase's own address as the request reached it (the services call PocketBase directly, not the site). */
function ownBase(e) {
  const forwarded = String(e.request.header.get('X-Forwarded-Proto') || '')
    .split(',')[0]
    .trim();
  const scheme = forwarded === 'https' || forwarded === 'http' ? forwarded : e.request.tls ? 'https' : 'http';
  return `${scheme}://${e.request.host}`;
}

/** A secret as an admin may see it: its first `shown` characters (a key's kind) and its last four. */
function maskedSecret(value, shown = 0) {
  return value ? `${value.slice(0, shown)}…${value.slice(-4)}` : '';
}

// A text that does not match its pattern (ozzo's code for it: the page says "This value is not valid.", not the
// "Pick one of the offered choices." of validation_invalid_value, which is a select's).
const invalid = (field) =>
  new BadRequestError('', { [field]: new ValidationError('validation_match_invalid', 'Must be in a valid format.') });

/**
 * Applies the request body's fields to the settings and saves them with an audit entry: `switches` take
 * true/false, `texts` ([field, pattern]) a checked text ('' allowed where the pattern allows it), `secrets`
 * ([field, pattern]) a checked text where '' or absent keeps the one set. Returns the saved record.
 * @param {{ collection: string, label: string, action: string, switches?: string[],
 *   texts?: [string, RegExp][], secrets?: [string, RegExp][] }} spec
 */
function updateConnectionSettings(e, { collection, label, action, switches = [], texts = [], secrets = [] }) {
  const body = e.requestInfo().body;
  const settings = connectionSettings(e.app, collection);
  const changed = [];
  const given = (field) => body[field] !== undefined && body[field] !== null;
  const text = (field) => String(body[field] ?? '').trim();
  for (const field of switches) {
    if (!given(field)) continue;
    settings.set(field, body[field] === true);
    changed.push(field);
  }
  for (const [field, pattern, keepWhenEmpty] of [
    ...texts.map(([field, pattern]) => [field, pattern, false]),
    ...secrets.map(([field, pattern]) => [field, pattern, true]),
  ]) {
    if (!given(field) || (keepWhenEmpty && body[field] === '')) continue;
    if (!pattern.test(text(field))) throw invalid(field);
    settings.set(field, text(field));
    changed.push(field);
  }
  e.app.runInTransaction((txApp) => {
    txApp.save(settings);
    recordAudit(txApp, e, { action, collection, id: settings.id, label, after: { changed } });
  });
  return settings;
}

/**
 * Writes `columns` ({ name: value }, names from the caller's code) on the settings record alone; a failure is
 * logged, never thrown (the event itself was handled).
 */
function noteConnectionEvent(app, collection, columns) {
  const names = Object.keys(columns).filter((name) => /^[a-z_]+$/.test(name));
  if (!/^[a-z_]+$/.test(collection) || names.length === 0) return;
  try {
    app
      .db()
      .newQuery(`UPDATE ${collection} SET ${names.map((name) => `${name} = {:${name}}`).join(', ')}`)
      .bind(columns)
      .execute();
  } catch (error) {
    app.logger().warn(`${collection}: last event not kept`, 'error', String(error).slice(0, 200));
  }
}

module.exports = { connectionSettings, ownBase, maskedSecret, updateConnectionSettings, noteConnectionEvent };
