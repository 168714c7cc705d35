// Reading and writing a member's email preferences through /api/chorus/preferences: the old on/off
// switches (still accepted), a frequency per kind, and the time zone digests follow (an IANA name the
// server knows, or '' for UTC). Bad input is refused field by field and changes nothing.
const { PREFERENCES, FREQUENCIES, FREQUENCY_OF, frequencyOf } = require(`${__hooks}/notifications/unsubscribe.js`);

/** Is `name` a time zone this server knows by exactly that name ('' and 'UTC' mean UTC)? */
function isTimeZone(name) {
  if (name === '' || name === 'UTC') return true;
  if (typeof name !== 'string' || name.length > 64 || !/^[A-Za-z][A-Za-z0-9_+\-/]*$/.test(name)) return false;
  // An unknown name gives back UTC.
  return String(new Timezone(name).string()) === name;
}

function preferencesOf(user) {
  const answer = {};
  for (const name of PREFERENCES) answer[name] = frequencyOf(user, name) !== 'off';
  for (const name of PREFERENCES) answer[FREQUENCY_OF[name]] = frequencyOf(user, name);
  answer.time_zone = user.getString('time_zone') || 'UTC';
  return answer;
}

/** Sets what `body` names on `user` (unsaved), or throws a field-level refusal. */
function applyPreferences(user, body) {
  const { refusalText, fieldRefusal } = require(`${__hooks}/platform/refusals.js`);
  const errors = {};
  for (const name of PREFERENCES) {
    if (body[name] !== undefined && typeof body[name] !== 'boolean')
      errors[name] = fieldRefusal('validation_not_boolean', 'notBoolean');
    const field = FREQUENCY_OF[name];
    if (body[field] !== undefined && !FREQUENCIES.includes(body[field]))
      errors[field] = fieldRefusal('validation_invalid_value', 'emailFrequencyInvalid');
  }
  if (body.time_zone !== undefined && !isTimeZone(body.time_zone))
    errors.time_zone = fieldRefusal('validation_invalid_value', 'timeZoneInvalid');
  if (Object.keys(errors).length) {
    const booleans = PREFERENCES.some((name) => errors[name]);
    throw new BadRequestError(refusalText(booleans ? 'preferencesAreBooleans' : 'preferencesInvalid'), errors);
  }
  for (const name of PREFERENCES) {
    const field = FREQUENCY_OF[name];
    if (body[field] !== undefined) user.set(field, body[field]);
    else if (body[name] !== undefined) user.set(name, body[name]);
  }
  if (body.time_zone !== undefined) user.set('time_zone', body.time_zone === 'UTC' ? '' : body.time_zone);
}

module.exports = { isTimeZone, preferencesOf, applyPreferences };
