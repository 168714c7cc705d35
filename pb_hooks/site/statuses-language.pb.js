/// <reference path="../../pb_data/types.d.ts" />
// When an admin changes the site's default language, the seeded statuses nobody renamed follow it (in the
// same transaction as the site's change): a new site set to Japanese gets Japanese status names.
onRecordUpdate((e) => {
  const before = e.record.original().getString('default_locale');
  e.next();
  const after = e.record.getString('default_locale');
  if (before === after) return;
  const { renameSeededStatuses } = require(`${__hooks}/ideas/seeded-statuses.js`);
  renameSeededStatuses(e.app, before || 'en', after);
}, 'site');
