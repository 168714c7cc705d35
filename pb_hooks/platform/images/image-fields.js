// Which field of each collection holds uploaded images, and whether a record brings new ones: the one home the image
// checks ask (image-uploads.js, and the hooks that run it only when there is something to check). No other require,
// so asking costs a save without new files nothing more.

/** The image fields of each collection. */
const IMAGE_FIELDS = {
  posts: ['images'],
  comments: ['images'],
  users: ['avatar'],
  site: ['logo'],
  changelog_entries: ['cover'],
};

/** The record's image fields (none for a collection without images). */
const imageFieldsOf = (record) => IMAGE_FIELDS[record.collection().name] || [];

/** True when the record carries a newly uploaded file in any of its image fields. */
const hasNewImages = (record) => imageFieldsOf(record).some((field) => record.getUnsavedFiles(field).length > 0);

module.exports = { IMAGE_FIELDS, imageFieldsOf, hasNewImages };
