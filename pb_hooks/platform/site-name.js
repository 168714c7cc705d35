// The board's own name (the site record), which every email carries: a board branded "Lumen" never
// sends mail signed "Chorus". PocketBase's built-in emails (sign-in codes, resets) use the app name and
// sender name from the settings, so those are kept equal to it (pb_hooks/site/site-name.pb.js).

function siteName(app) {
  try {
    const site = app.findFirstRecordByFilter('site', "id != ''");
    return site.getString('name') || app.settings().meta.appName;
  } catch {
    return app.settings().meta.appName;
  }
}

/** Makes PocketBase's app name and sender name the site's name (no save when they already are). */
function syncAppName(app, name) {
  const settings = app.settings();
  if (!name || (settings.meta.appName === name && settings.meta.senderName === name)) return;
  settings.meta.appName = name;
  settings.meta.senderName = name;
  app.save(settings);
}

module.exports = { siteName, syncAppName };
