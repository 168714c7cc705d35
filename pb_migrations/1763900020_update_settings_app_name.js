/// <reference path="../pb_data/types.d.ts" />
// PocketBase's own emails (sign-in codes, password resets) sign with the app and sender name: make
// them the board's name once; pb_hooks/site/site-name.pb.js keeps them equal on every rename.
migrate((app) => {
  let name = '';
  try {
    name = app.findFirstRecordByFilter('site', "id != ''").getString('name');
  } catch {
    return;
  }
  const settings = app.settings();
  if (!name || (settings.meta.appName === name && settings.meta.senderName === name)) return;
  settings.meta.appName = name;
  settings.meta.senderName = name;
  app.save(settings);
});
