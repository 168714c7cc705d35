/// <reference path="../pb_data/types.d.ts" />
// Uploaded images are checked (real image, within the pixel budget) before any record keeps them.
onRecordCreateRequest(
  (e) => {
    require(`${__hooks}/lib/image-uploads.js`).checkImageUploads(e);
    e.next();
  },
  'posts',
  'comments',
  'users',
  'site',
  'changelog_entries',
);

onRecordUpdateRequest(
  (e) => {
    require(`${__hooks}/lib/image-uploads.js`).checkImageUploads(e);
    e.next();
  },
  'posts',
  'comments',
  'users',
  'site',
  'changelog_entries',
);
