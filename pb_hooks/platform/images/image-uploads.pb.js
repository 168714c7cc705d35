/// <reference path="../../../pb_data/types.d.ts" />
// Uploaded images are checked (real image, within the pixel budget) before any record keeps them, by one handler
// for a create and an update; which field holds a collection's images is asked of image-fields.js, so a save without
// new files costs no more. (New ideas and comments are checked by create-limits.pb.js, so each create runs one JS
// hook, not two.)
// Protected images are answered private to any cache in front of PocketBase (the edge keeps them, see below).
const checkNewImages = (e) =>
  require(`${__hooks}/platform/refusals.js`).inRequestLanguage(e, (e) => {
    const { hasNewImages } = require(`${__hooks}/platform/images/image-fields.js`);
    if (hasNewImages(e.record)) require(`${__hooks}/platform/images/image-uploads.js`).checkImageUploads(e);
    e.next();
  });

onRecordCreateRequest(checkNewImages, 'users', 'site', 'changelog_entries');
onRecordUpdateRequest(checkNewImages, 'posts', 'comments', 'users', 'site', 'changelog_entries');

// Protected images (ideas', comments', changelog covers') may stop being public when their record's visibility
// changes, so no shared cache in front of PocketBase keeps one: the site's /files/ route caches the public ones
// at the edge under tags that such a change purges (README "Images and private files").
onFileDownloadRequest(
  (e) => {
    // The download event holds its request event, which holds the response.
    e.requestEvent.response.header().set('Cache-Control', 'private, no-cache');
    e.next();
  },
  'posts',
  'comments',
  'changelog_entries',
);
