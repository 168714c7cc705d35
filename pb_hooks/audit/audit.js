// Writes the staff audit log (audit_entries): who did what to which record, the values before and after,
// and from which client address. Call it inside the action's own transaction (pass txApp) so a rolled-back
// action leaves no entry, and an entry is never lost for an action that committed.
const { memberOf } = require(`${__hooks}/platform/access.js`);

const MAX_VALUE_CHARS = 2000;

/** Long text is cut, so one entry stays small whatever the action carried. */
function trimmed(value) {
  if (typeof value === 'string' && value.length > MAX_VALUE_CHARS) return `${value.slice(0, MAX_VALUE_CHARS)}…`;
  return value;
}

function plain(value) {
  if (value === null || value === undefined) return null;
  // PocketBase hands JSON fields and dates as Go values: a JSON round trip makes them plain.
  try {
    return trimmed(JSON.parse(JSON.stringify(value)));
  } catch {
    return trimmed(String(value));
  }
}

/**
 * The fields among `fields` whose value changed in an update, as { before, after } (only those), or null when
 * none changed. `record.original()` is the record as it was read before the request changed it.
 */
function changedFields(record, fields) {
  const original = record.original();
  const before = {};
  const after = {};
  let changed = false;
  for (const name of fields) {
    const was = plain(original.get(name));
    const now = plain(record.get(name));
    if (JSON.stringify(was) === JSON.stringify(now)) continue;
    before[name] = was;
    after[name] = now;
    changed = true;
  }
  return changed ? { before, after } : null;
}

/** An API key acting (its service member): named with the admin who made it; via `api_key:<id>`. */
function keyActor(e, member, keyId) {
  let creator = '';
  try {
    creator = e.app.findRecordById('api_keys', keyId).getString('created_by_name');
  } catch {
    creator = '';
  }
  const name = member.getString('name');
  return {
    actor: member.id,
    name: creator ? `${name} (API key of ${creator})` : `${name} (API key)`,
    role: member.getString('role'),
    via: `api_key:${keyId}`,
  };
}

/** Who is acting in request `e` (a staff member's session or a superuser), for an entry. */
function actorOf(e) {
  if (!e) return { actor: '', name: 'Chorus', role: '', via: 'server' };
  const member = memberOf(e);
  if (member) {
    const keyId = member.getString('api_key');
    if (keyId) return keyActor(e, member, keyId);
    return {
      actor: member.id,
      name: member.getString('name') || member.getString('email'),
      role: member.getString('role'),
      via: e.chorusVia || 'site',
    };
  }
  if (e.hasSuperuserAuth && e.hasSuperuserAuth()) {
    return { actor: '', name: e.auth.getString('email'), role: 'superuser', via: 'superuser' };
  }
  return { actor: '', name: '', role: '', via: 'anonymous' };
}

function clientAddress(e) {
  try {
    return e ? String(e.realIP() || '') : '';
  } catch {
    return '';
  }
}

/**
 * Who acts in request `e` and from which address, as plain data a record can carry from its request hook to
 * its model hooks (pb_hooks/audit/audit.pb.js); recordAudit takes it in place of the request.
 */
function requestContext(e) {
  return { ...actorOf(e), ip: clientAddress(e), context: true };
}

/**
 * Records one action. `app` is the app (or the transaction's txApp) to write with; `e` the request (or null
 * for the server's own jobs, or a requestContext). entry: { action, collection?, id?, label?, before?, after? }.
 */
function recordAudit(app, e, entry) {
  const who = e && e.context === true ? e : actorOf(e);
  const record = new Record(app.findCachedCollectionByNameOrId('audit_entries'));
  record.set('actor', who.actor);
  record.set('actor_name', String(who.name || '').slice(0, 200));
  record.set('actor_role', who.role);
  record.set('via', String(who.via).slice(0, 200));
  record.set('action', entry.action);
  record.set('target_collection', entry.collection || '');
  record.set('target_id', entry.id || '');
  record.set('target_label', String(entry.label || '').slice(0, 300));
  record.set('before', entry.before === undefined ? null : plain(entry.before));
  record.set('after', entry.after === undefined ? null : plain(entry.after));
  record.set('ip', e && e.context === true ? String(e.ip || '').slice(0, 100) : clientAddress(e));
  app.save(record);
  return record;
}

/** Saves `record` for request `e` and records `entry` (as recordAudit) in one transaction: both or neither. */
function saveAudited(e, record, entry) {
  e.app.runInTransaction((txApp) => {
    txApp.save(record);
    recordAudit(txApp, e, entry);
  });
}

module.exports = { recordAudit, saveAudited, changedFields, actorOf, requestContext, plain };
