// The generic half of the audit log (pb_hooks/audit/audit.pb.js): a staff member's or superuser's API write marks
// its record with who acts and from where (request hooks), and the record's model hook writes the entries in
// the write's own transaction, from what changed (audit/audit-targets.js says what each collection shows).
// Writes the server makes by itself (counters, jobs, routes that record their own action) carry no mark.
const { recordAudit, requestContext, plain, changedFields } = require(`${__hooks}/audit/audit.js`);
const { TARGETS, shownAll } = require(`${__hooks}/audit/audit-targets.js`);
const { isStaff } = require(`${__hooks}/platform/access.js`);

const MARK = require(`${__hooks}/platform/contract/hook-hand-offs.js`).AUDIT_MARK;

/** Request hook: remembers on the record who writes it, when they act as staff (members' writes are theirs). */
function markActor(e) {
  if (isStaff(e)) e.record.set(MARK, JSON.stringify(requestContext(e)));
}

function valuesOf(record, fields) {
  const values = {};
  for (const field of fields) values[field] = plain(record.get(field));
  return values;
}

/** The entries one write makes: [{ action, before, after }] (empty when it is no staff action). */
function entriesOf(target, record, kind, self) {
  if (kind !== 'update') {
    if (target[kind] === false || (self && target.owner)) return [];
    const action = target.actions?.[kind] || `${target.noun}.${kind}`;
    const values = valuesOf(record, target.fields);
    return [{ action, before: kind === 'delete' ? values : null, after: kind === 'create' ? values : null }];
  }
  const families = target.families || [{ action: `${target.noun}.update`, fields: target.fields, staffOnly: true }];
  const entries = [];
  for (const family of families) {
    if (self && !family.staffOnly && !family.flag) continue;
    const diff = changedFields(record, family.flag ? [family.flag] : family.fields);
    if (!diff) continue;
    const action = family.flag ? (record.getBool(family.flag) ? family.on : family.off) : family.action;
    entries.push({ action, before: diff.before, after: diff.after });
  }
  return entries;
}

/** Model hook of every audited collection: the write and its entries commit or roll back together. */
function auditWrite(e, kind) {
  const mark = e.record.get(MARK);
  if (!mark) return e.next();
  e.record.set(MARK, ''); // one write, one set of entries (a hook saving the record again adds none)
  const context = JSON.parse(String(mark));
  const name = e.record.collection().name;
  const target = TARGETS[name];
  if (!target) return e.next();
  const ownerId = target.owner === 'id' ? e.record.id : target.owner ? e.record.getString(target.owner) : '';
  const self = Boolean(context.actor) && context.actor === ownerId;
  const deleting = kind === 'delete' ? entriesOf(target, e.record, kind, self) : null;
  e.app.runInTransaction((txApp) => {
    const outer = e.app;
    e.app = txApp;
    try {
      e.next();
      const entries = deleting || entriesOf(target, e.record, kind, self);
      if (entries.length === 0) return;
      const [collection, id] = target.target ? target.target(e.record) : [name, e.record.id];
      const label = target.label ? target.label(txApp, e.record) : e.record.getString('name');
      for (const entry of entries) {
        recordAudit(txApp, context, {
          action: entry.action,
          collection,
          id,
          label,
          before: shownAll(txApp, entry.before),
          after: shownAll(txApp, entry.after),
        });
      }
    } finally {
      e.app = outer;
    }
  });
}

module.exports = { markActor, auditWrite, AUDITED: Object.keys(TARGETS) };
