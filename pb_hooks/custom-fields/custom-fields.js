// Custom fields on ideas: the shape of an admin's definition (custom_fields) and the checks every value
// passes before it is stored, public ones in posts.fields, staff-only ones in post_insights.fields. Each
// refusal names the field (`fields.<key>`) with a pbErrors message, so the composer shows it beside the input.
// Loaded by migrations too (FIELD_TYPES, KEY_PATTERN): nothing here may touch PocketBase at load time.
const FIELD_TYPES = ['text', 'number', 'select', 'multiselect', 'date'];
const KEY_PATTERN = '^[a-z][a-z0-9_]{0,39}$';
const MAX_OPTIONS = 50;
const MAX_OPTION_LENGTH = 60;
const MAX_TEXT = 2000;
const MAX_VALUES_BYTES = 8192;
const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

const isSelect = (type) => type === 'select' || type === 'multiselect';
const byteLength = (text) => unescape(encodeURIComponent(text)).length;
const isObject = (value) => value !== null && typeof value === 'object' && !Array.isArray(value);

/** A JSON field's value as a plain object (anything else, unreadable or not an object, as null). */
function objectOf(raw) {
  if (raw === null || raw === undefined) return {};
  let value = raw;
  if (typeof raw !== 'object' || !isObject(raw)) {
    const text = typeof raw === 'string' ? raw : toString(raw);
    if (text === '' || text === 'null') return {};
    try {
      value = JSON.parse(text);
    } catch {
      return null;
    }
  }
  return isObject(value) ? value : null;
}

/** The options an admin typed, or the pbErrors key refusing them. */
function checkOptions(type, options) {
  if (!isSelect(type)) return { options: [] };
  if (!Array.isArray(options) || options.length === 0 || options.length > MAX_OPTIONS) {
    return { error: 'customFieldOptions' };
  }
  const seen = {};
  for (const option of options) {
    if (typeof option !== 'string' || option.trim() === '' || option.length > MAX_OPTION_LENGTH) {
      return { error: 'customFieldOptions' };
    }
    if (seen[option]) return { error: 'customFieldOptions' };
    seen[option] = true;
  }
  return { options };
}

/** A board's definitions in their order, as plain objects. */
function definitionsOf(app, boardId) {
  if (!boardId) return [];
  return app
    .findRecordsByFilter('custom_fields', 'board = {:board}', 'position,created', 0, 0, { board: boardId })
    .map((record) => {
      let options = [];
      try {
        const parsed = JSON.parse(toString(record.get('options')) || '[]');
        if (Array.isArray(parsed)) options = parsed;
      } catch {}
      return {
        key: record.getString('key'),
        type: record.getString('type'),
        options,
        public: record.getBool('public'),
        required: record.getBool('required'),
        maxLength: record.getInt('max_length') || MAX_TEXT,
      };
    });
}

const isEmpty = (value) =>
  value === null || value === undefined || value === '' || (Array.isArray(value) && value.length === 0);

function isCalendarDate(text) {
  const match = DATE.exec(text);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** One value checked against its definition: { value } (normalized) or { error: pbErrors key }. */
function checkValue(definition, value) {
  switch (definition.type) {
    case 'text':
      if (typeof value !== 'string') return { error: 'customFieldNotText' };
      if (value.length > definition.maxLength) return { error: 'customFieldTooLong' };
      return { value };
    case 'number':
      if (typeof value !== 'number' || !Number.isFinite(value)) return { error: 'customFieldNotNumber' };
      return { value };
    case 'date':
      if (typeof value !== 'string' || !isCalendarDate(value)) return { error: 'customFieldNotDate' };
      return { value };
    case 'select':
      if (typeof value !== 'string' || definition.options.indexOf(value) === -1) {
        return { error: 'customFieldNotOption' };
      }
      return { value };
    case 'multiselect': {
      if (!Array.isArray(value)) return { error: 'customFieldNotOption' };
      const picked = [];
      for (const item of value) {
        if (typeof item !== 'string' || definition.options.indexOf(item) === -1) {
          return { error: 'customFieldNotOption' };
        }
        if (picked.indexOf(item) === -1) picked.push(item);
      }
      return { value: picked };
    }
    default:
      return { error: 'customFieldUnknown' };
  }
}

/**
 * Checks the values sent for one side of an idea (`public`: posts.fields, or staff-only:
 * post_insights.fields) against the board's definitions. `requireRequired`: refuse a required field left
 * empty. Returns { values } (empty ones dropped) or { errors: { 'fields' | 'fields.<key>': pbErrors key } }.
 */
function checkValues(definitions, raw, { isPublic, requireRequired }) {
  const sent = objectOf(raw);
  if (sent === null) return { errors: { fields: 'customFieldsShape' } };
  if (byteLength(JSON.stringify(sent)) > MAX_VALUES_BYTES) return { errors: { fields: 'customFieldsTooLarge' } };
  const byKey = {};
  for (const definition of definitions) byKey[definition.key] = definition;
  const errors = {};
  const values = {};
  for (const key in sent) {
    const definition = Object.hasOwn(byKey, key) ? byKey[key] : null;
    const name = `fields.${/^[a-z][a-z0-9_]{0,39}$/.test(key) ? key : 'unknown'}`;
    if (!definition) errors[name] = 'customFieldUnknown';
    else if (definition.public !== isPublic) errors[name] = isPublic ? 'customFieldStaffOnly' : 'customFieldPublic';
    else if (!isEmpty(sent[key])) {
      const checked = checkValue(definition, sent[key]);
      if (checked.error) errors[name] = checked.error;
      else values[key] = checked.value;
    }
  }
  if (requireRequired) {
    for (const definition of definitions) {
      if (definition.public === isPublic && definition.required && values[definition.key] === undefined) {
        errors[`fields.${definition.key}`] = errors[`fields.${definition.key}`] || 'required';
      }
    }
  }
  if (Object.keys(errors).length > 0) return { errors };
  return { values };
}

/** Throws the field-level refusal for `errors` ({ name: pbErrors key }). */
function refuseFields(errors) {
  const { refusalText, fieldRefusal } = require(`${__hooks}/platform/refusals.js`);
  const data = {};
  for (const name in errors) data[name] = fieldRefusal('validation_custom_field', errors[name]);
  throw new BadRequestError(refusalText('customFieldsRefused'), data);
}

/** Keeps only the values `definitions` allow on the given side (after a board move or a changed field). */
function keepDefined(definitions, values, isPublic) {
  const kept = {};
  for (const definition of definitions) {
    if (definition.public === isPublic && values[definition.key] !== undefined) {
      kept[definition.key] = values[definition.key];
    }
  }
  return kept;
}

module.exports = {
  FIELD_TYPES,
  KEY_PATTERN,
  MAX_VALUES_BYTES,
  checkOptions,
  checkValue,
  checkValues,
  definitionsOf,
  keepDefined,
  objectOf,
  refuseFields,
};
