/// <reference path="../../pb_data/types.d.ts" />
// Posting ideas and comments needs a verified email, unless the site's allow_unverified_posting is on.
// A request hook (after the API rules passed) so the member reads why, not "Failed to create record.".
for (const collection of ['posts', 'comments']) {
  onRecordCreateRequest(
    (e) =>
      require(`${__hooks}/platform/refusals.js`).inRequestLanguage(e, (e) => {
        require(`${__hooks}/platform/access.js`).requireVerifiedPoster(e);
        e.next();
      }),
    collection,
  );
}
