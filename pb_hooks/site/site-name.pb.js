/// <reference path="../../pb_data/types.d.ts" />
// Emails carry the board's name: PocketBase's app and sender name follow the site record's name
// whenever an admin renames the board (pb_migrations/1763900020_update_settings_app_name.js did it once).
onRecordAfterUpdateSuccess((e) => {
  e.next();
  const { syncAppName } = require(`${__hooks}/platform/site-name.js`);
  try {
    syncAppName(e.app, e.record.getString('name'));
  } catch (error) {
    e.app.logger().error('Could not use the site name for emails', 'error', String(error));
  }
}, 'site');
