/// <reference path="../pb_data/types.d.ts" />
// Uploaded images are checked (real image, within the pixel budget) before any record keeps them.
// The image field of each collection is named here too, so a save without new files costs no more.
// (New ideas and comments are checked by create-limits.pb.js, so each create runs one JS hook, not two.)
onRecordCreateRequest(
  (e) =>
    require(`${__hooks}/lib/refusals.js`).inRequestLanguage(e, (e) => {
      const field = { users: 'avatar', site: 'logo', changelog_entries: 'cover' }[e.collection.name];
      if (field && e.record.getUnsavedFiles(field).length > 0) {
        require(`${__hooks}/lib/image-uploads.js`).checkImageUploads(e);
      }
      e.next();
    }),
  'users',
  'site',
  'changelog_entries',
);

onRecordUpdateRequest(
  (e) =>
    require(`${__hooks}/lib/refusals.js`).inRequestLanguage(e, (e) => {
      const field = { posts: 'images', comments: 'images', users: 'avatar', site: 'logo', changelog_entries: 'cover' }[
        e.collection.name
      ];
      if (field && e.record.getUnsavedFiles(field).length > 0) {
        require(`${__hooks}/lib/image-uploads.js`).checkImageUploads(e);
      }
      e.next();
    }),
  'posts',
  'comments',
  'users',
  'site',
  'changelog_entries',
);
