// An outside service's one settings record (slack_settings, stripe_settings, …), declared once per service
// (connectionOf): found by its door, shown to admins without its secrets, changed by admins in one audited write of
// the fields they gave (switches, checked texts, secrets that are never shown again), and its last event noted in
// its own columns alone, so a webhook never writes back an admin's older copy.
const { saveAudited } = require(`${__hooks}/audit/audit.js`);
const { openWebhookDoor } = require(`${__hooks}/platform/webhook-door.js`);

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
  saveAudited(e, settings, { action, collection, id: settings.id, label, after: { changed } });
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

/**
 * What an admin sees of `settings`: the switches and texts, each secret masked (its first `kind` characters, a key's
 * kind, and its last four) or only whether it is set (`<field>_set`), the `shown` columns as they are, the `flags`
 * ({ name: column }) as whether their column is set, and the service's `addresses` (paths) on PocketBase's own base.
 */
function describeConnection(e, spec, settings) {
  const { switches = [], texts = [], secrets = [], shown = [], flags = {}, addresses = {} } = spec;
  const seen = {};
  for (const field of switches) seen[field] = settings.getBool(field);
  for (const [field] of texts) seen[field] = settings.getString(field);
  for (const [field, , show, kind = 0] of secrets) {
    if (show === 'masked') seen[field] = maskedSecret(settings.getString(field), kind);
    else seen[`${field}_set`] = settings.getString(field) !== '';
  }
  for (const column of shown) seen[column] = settings.getString(column);
  for (const [name, column] of Object.entries(flags)) seen[name] = settings.getString(column) !== '';
  const base = ownBase(e);
  for (const [name, path] of Object.entries(addresses)) seen[name] = `${base}${path}`;
  return seen;
}

/**
 * One outside service's settings, derived from its declaration: `collection`, `label` and `action` (the audit's),
 * `switches`, `texts` ([field, pattern]), `secrets` ([field, pattern, 'masked' | 'set', kind?]), `shown` and `flags`
 * (read-only columns), `addresses` ({ name: path }), `events` ('typed' when the last event's type and outcome are
 * kept beside its time). Its settings routes, in the service's *.pb.js: GET answers `describe(e)`, POST `update(e)`.
 */
function connectionOf(spec) {
  const settings = (app) => connectionSettings(app, spec.collection);
  return {
    spec,
    /** The one settings record. */
    settings,
    /** What an admin sees: never the secrets themselves. */
    describe: (e, record = settings(e.app)) => describeConnection(e, spec, record),
    /** POST …/settings: the fields given, checked, saved with an audit entry; what an admin sees then. */
    update: (e) => describeConnection(e, spec, updateConnectionSettings(e, spec)),
    /** Notes the last event's time (and, for `events: 'typed'`, its type and how it went): those columns alone. */
    noteEvent(app, type, outcome) {
      const columns = { last_event_at: new DateTime().string() };
      if (spec.events === 'typed') {
        columns.last_event_type = String(type).slice(0, 100);
        columns.last_outcome = String(outcome).slice(0, 60);
      }
      noteConnectionEvent(app, spec.collection, columns);
    },
    /**
     * The webhook door (platform/webhook-door.js) with this service's switch: { settings, raw, payload } or
     * { refused }. `door`: { vendor? (the label unless a second door), maxBytes, signatureStatus?, json?,
     * signatureProblem(raw, settings) }.
     */
    openDoor(e, { vendor = spec.label, signatureProblem, ...door }) {
      const record = settings(e.app);
      const active = record.getBool('active');
      const opened = openWebhookDoor(e, {
        ...door,
        vendor,
        active,
        signatureProblem: (raw) => signatureProblem(raw, record),
      });
      return opened.refused ? opened : { settings: record, ...opened };
    },
  };
}

module.exports = {
  connectionOf,
  connectionSettings,
  ownBase,
  maskedSecret,
  updateConnectionSettings,
  noteConnectionEvent,
};
