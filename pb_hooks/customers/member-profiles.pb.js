/// <reference path="../../pb_data/types.d.ts" />
// A member's attributes are the same small typed map whoever writes them (issue #24): staff editing a member
// are held to what identify tokens are held to (pb_hooks/sso/sso-customer.js): at most 30 keys (a letter,
// then letters, digits or _), each text up to 200 characters, a number or true/false, 4 KB in all.
for (const register of [onRecordCreateRequest, onRecordUpdateRequest]) {
  register(
    (e) =>
      require(`${__hooks}/platform/refusals.js`).inRequestLanguage(e, (e) => {
        const raw = toString(e.record.get('attributes') ?? '').trim();
        if (raw && raw !== 'null') {
          const { readAttributes } = require(`${__hooks}/sso/sso-customer.js`);
          const { refusalText, fieldRefusal } = require(`${__hooks}/platform/refusals.js`);
          try {
            readAttributes(JSON.parse(raw));
          } catch {
            throw new BadRequestError(refusalText('customerAttributes'), {
              attributes: fieldRefusal('invalid_attributes', 'customerAttributes'),
            });
          }
        }
        e.next();
      }),
    'member_profiles',
  );
}
