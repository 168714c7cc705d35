// Refuses uploaded images PocketBase should never decode: too many pixels, or bytes that are not the
// image the file claims to be. Runs before the record is saved, so nothing oversized reaches the thumbnailer.
const { refusalText } = require(`${__hooks}/lib/refusals.js`);
const { readImageHeader, extensionMatches } = require(`${__hooks}/lib/image-header.js`);

const MAX_SIDE = 10000;
const MAX_PIXELS = 40 * 1000 * 1000;
// Enough for any header we read, even a JPEG whose frame header follows a large EXIF block.
const HEADER_BYTES = 512 * 1024;

/** The image fields of each collection. */
const IMAGE_FIELDS = {
  posts: ['images'],
  comments: ['images'],
  users: ['avatar'],
  site: ['logo'],
  changelog_entries: ['cover'],
};

function readHead(file) {
  const reader = file.reader.open();
  try {
    return toBytes(reader, HEADER_BYTES);
  } finally {
    reader.close();
  }
}

/** The reason a file is refused, or '' when it may be stored. */
function imageProblem(file) {
  const header = readImageHeader(readHead(file));
  if (!header) return `"${file.originalName}" is not a JPEG, PNG, GIF or WebP image.`;
  if (!extensionMatches(file.originalName, header.type)) {
    return `"${file.originalName}" is a ${header.type.toUpperCase()} image under another name: rename it and try again.`;
  }
  if (header.width < 1 || header.height < 1) return `"${file.originalName}" has no pixels.`;
  if (header.width > MAX_SIDE || header.height > MAX_SIDE || header.width * header.height > MAX_PIXELS) {
    return `"${file.originalName}" is ${header.width}×${header.height} pixels: images may be at most ${MAX_SIDE} pixels on a side and 40 megapixels.`;
  }
  return '';
}

/** Throws a 400 with a field message when any newly uploaded file of the record's image fields is refused. */
function checkImageUploads(e) {
  const fields = IMAGE_FIELDS[e.record.collection().name] || [];
  const errors = {};
  for (const field of fields) {
    for (const file of e.record.getUnsavedFiles(field)) {
      const problem = imageProblem(file);
      if (problem) {
        errors[field] = new ValidationError('validation_image_refused', problem);
        break;
      }
    }
  }
  if (Object.keys(errors).length > 0) throw new BadRequestError(refusalText('imageRefused'), errors);
}

module.exports = { checkImageUploads, IMAGE_FIELDS, MAX_SIDE, MAX_PIXELS };
