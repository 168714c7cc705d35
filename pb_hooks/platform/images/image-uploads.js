// Refuses uploaded images PocketBase should never decode: too many pixels, or bytes that are not the
// image the file claims to be. Runs before the record is saved, so nothing oversized reaches the thumbnailer.
const { refusalText } = require(`${__hooks}/platform/refusals.js`);
const { readImageHeader, extensionMatches } = require(`${__hooks}/platform/images/image-header.js`);
const { imageFieldsOf } = require(`${__hooks}/platform/images/image-fields.js`);

const MAX_SIDE = 10000;
const MAX_PIXELS = 40 * 1000 * 1000;
// Enough for any header we read, even a JPEG whose frame header follows a large EXIF block.
const HEADER_BYTES = 512 * 1024;

function readHead(file) {
  const reader = file.reader.open();
  try {
    return toBytes(reader, HEADER_BYTES);
  } finally {
    reader.close();
  }
}

/** The reason a file is refused, in words of `t` (pbErrors in the request's language), or '' when it may be stored. */
function imageProblem(file, t) {
  const header = readImageHeader(readHead(file));
  const name = file.originalName;
  if (!header) return t('imageNotImage', { file: name });
  if (!extensionMatches(name, header.type)) return t('imageWrongName', { file: name, type: header.type.toUpperCase() });
  if (header.width < 1 || header.height < 1) return t('imageNoPixels', { file: name });
  if (header.width > MAX_SIDE || header.height > MAX_SIDE || header.width * header.height > MAX_PIXELS) {
    // Pixel sizes as digits, the way image editors show them.
    const size = { file: name, width: String(header.width), height: String(header.height), max: String(MAX_SIDE) };
    return t('imageTooLarge', size);
  }
  return '';
}

/** Throws a 400 with a field message when any newly uploaded file of the record's image fields is refused. */
function checkImageUploads(e) {
  const fields = imageFieldsOf(e.record);
  const { translator, requestLocale } = require(`${__hooks}/platform/i18n.js`);
  const t = translator(requestLocale(e), 'pbErrors');
  const errors = {};
  for (const field of fields) {
    for (const file of e.record.getUnsavedFiles(field)) {
      const problem = imageProblem(file, t);
      if (problem) {
        errors[field] = new ValidationError('validation_image_refused', problem);
        break;
      }
    }
  }
  if (Object.keys(errors).length > 0) throw new BadRequestError(refusalText('imageRefused'), errors);
}

module.exports = { checkImageUploads, imageProblem, MAX_SIDE, MAX_PIXELS };
