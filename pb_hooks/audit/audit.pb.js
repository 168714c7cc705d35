/// <reference path="../../pb_data/types.d.ts" />
// The staff audit log (issue #25, item 3). Every API write staff or a superuser make to an audited collection
// is recorded in its own transaction (audit/audit-writes.js; routes that are no record write call recordAudit
// themselves). Entries are read-only for every client, superusers included; the only way one goes is the
// daily retention job, after site.audit_retention_days (0 = kept forever).

// Handlers are recompiled from their source: the collection comes from the record, not from this loop.
for (const name of require(`${__hooks}/audit/audit-writes.js`).AUDITED) {
  for (const register of [onRecordCreateRequest, onRecordUpdateRequest, onRecordDeleteRequest]) {
    register((e) => {
      require(`${__hooks}/audit/audit-writes.js`).markActor(e);
      e.next();
    }, name);
  }
  onRecordCreate((e) => require(`${__hooks}/audit/audit-writes.js`).auditWrite(e, 'create'), name);
  onRecordUpdate((e) => require(`${__hooks}/audit/audit-writes.js`).auditWrite(e, 'update'), name);
  onRecordDelete((e) => require(`${__hooks}/audit/audit-writes.js`).auditWrite(e, 'delete'), name);
}

// No client writes an entry, whatever the collection's rules say (a superuser's included).
for (const register of [onRecordCreateRequest, onRecordUpdateRequest, onRecordDeleteRequest]) {
  register(
    (e) =>
      require(`${__hooks}/platform/refusals.js`).inRequestLanguage(e, () => {
        const { refusalText } = require(`${__hooks}/platform/refusals.js`);
        throw new ForbiddenError(refusalText('auditReadOnly'));
      }),
    'audit_entries',
  );
}

// Nor removes one any other way through the app (truncating the collection deletes record by record); the
// retention job deletes with SQL. Removing the whole collection through the API is refused too.
onRecordDelete(() => {
  const { refusalText } = require(`${__hooks}/platform/refusals.js`);
  throw new ForbiddenError(refusalText('auditReadOnly'));
}, 'audit_entries');

onCollectionDeleteRequest((e) => {
  if (e.collection.name !== 'audit_entries') return e.next();
  const { refusalText } = require(`${__hooks}/platform/refusals.js`);
  throw new ForbiddenError(refusalText('auditReadOnly'));
});

cronAdd(require(`${__hooks}/platform/contract/hook-hand-offs.js`).AUDIT_RETENTION_JOB, '41 3 * * *', () => {
  const { pruneAudit } = require(`${__hooks}/audit/audit-retention.js`);
  pruneAudit($app);
});

// The retention period: a whole number of days from 0 (kept forever) to 3650. PocketBase casts the body to
// the field's type before hooks see it (text or an empty value would become 0: forever), so the value is read
// as it was sent, and refused with the field named.
onRecordUpdateRequest(
  (e) =>
    require(`${__hooks}/platform/refusals.js`).inRequestLanguage(e, (e) => {
      if (e.requestInfo().body.audit_retention_days !== undefined) {
        const { retentionDaysSent } = require(`${__hooks}/audit/audit-retention.js`);
        if (retentionDaysSent(e) === null) {
          const { refusalText, fieldRefusal } = require(`${__hooks}/platform/refusals.js`);
          throw new BadRequestError(refusalText('auditRetentionDays'), {
            audit_retention_days: fieldRefusal('validation_audit_retention', 'auditRetentionDays'),
          });
        }
      }
      e.next();
    }),
  'site',
);
