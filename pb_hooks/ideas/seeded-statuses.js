// The six statuses a new site starts with, named from locales/*.json (pbStatuses, keyed by slug). When the
// site's default language changes, a seeded status still named as seeded in the old language takes its
// name in the new one; a status a person renamed (or made) keeps its name.
const { translate, isLocale } = require(`${__hooks}/platform/i18n.js`);

// i18n-keys: pbStatuses.*
const SEEDED_SLUGS = ['open', 'under-review', 'planned', 'in-progress', 'done', 'declined'];

/** A seeded status's default name in `locale`. */
function seededStatusName(locale, slug) {
  return translate(locale, 'pbStatuses', slug);
}

/** Renames the seeded statuses still carrying their `from`-language name to their `to`-language name. */
function renameSeededStatuses(app, from, to) {
  if (!isLocale(from) || !isLocale(to) || from === to) return 0;
  let renamed = 0;
  for (const slug of SEEDED_SLUGS) {
    let status;
    try {
      status = app.findFirstRecordByData('statuses', 'slug', slug);
    } catch {
      continue; // deleted by an admin
    }
    if (status.getString('name') !== seededStatusName(from, slug)) continue;
    status.set('name', seededStatusName(to, slug));
    app.save(status);
    renamed += 1;
  }
  return renamed;
}

module.exports = { SEEDED_SLUGS, seededStatusName, renameSeededStatuses };
