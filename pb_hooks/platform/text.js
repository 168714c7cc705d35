// Names and titles as people will see them: no bidi controls (U+202A–202E, U+2066–2069, U+200E/F), no
// NUL or other control characters (tabs and line breaks become spaces), and never blank once whitespace
// and zero-width characters are trimmed.
const { refusalText } = require(`${__hooks}/platform/refusals.js`);
// biome-ignore lint/suspicious/noControlCharactersInRegex: removing control characters is the point
const CONTROLS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;
const BREAKS = /[\t\n\r]/g;
const EDGE_BLANKS = /^[\s\u200b-\u200d\u2060\ufeff]+|[\s\u200b-\u200d\u2060\ufeff]+$/g;

/** The cleaned text ('' when nothing visible is left). */
function normalizeName(text) {
  return String(text ?? '')
    .replace(CONTROLS, '')
    .replace(BREAKS, ' ')
    .replace(EDGE_BLANKS, '');
}

/** One line of plain text (a model's answer, a summary): cleaned as a name, every run of whitespace one space. */
const oneLine = (text) => normalizeName(text).replace(/\s+/g, ' ');

/**
 * Normalizes `field` of the record in place; throws a 400 with a field message when a value was sent
 * (or the field is required) but nothing visible is left.
 */
function normalizeNameField(record, field, { required }) {
  const raw = record.getString(field);
  const clean = normalizeName(raw);
  if (clean === '' && (required || raw !== '')) {
    throw new BadRequestError(refusalText('writeSomethingVisible'), {
      [field]: new ValidationError('validation_blank', refusalText('blankText')),
    });
  }
  if (clean !== raw) record.set(field, clean);
}

/** The name or title field of each collection that has one, and whether it is required. */
const NAME_FIELDS = {
  users: { field: 'name', required: false },
  boards: { field: 'name', required: true },
  tags: { field: 'name', required: true },
  statuses: { field: 'name', required: true },
  posts: { field: 'title', required: true },
  changelog_entries: { field: 'title', required: true },
};

/** Normalizes the name or title of a record of any collection listed in NAME_FIELDS. */
function normalizeRecordName(record) {
  const spec = NAME_FIELDS[record.collection().name];
  if (spec) normalizeNameField(record, spec.field, spec);
}

/**
 * A create or update request on a named collection (names.pb.js): its name or title normalized, and a member's
 * name that imitates a staff member's refused, in the request's language.
 */
function normalizeNameOnWrite(e) {
  return require(`${__hooks}/platform/refusals.js`).inRequestLanguage(e, (e) => {
    normalizeRecordName(e.record);
    if (e.record.collection().name === 'users') require(`${__hooks}/account/staff-names.js`).refuseStaffLookalike(e);
    e.next();
  });
}

module.exports = { NAME_FIELDS, normalizeName, oneLine, normalizeNameField, normalizeRecordName, normalizeNameOnWrite };
