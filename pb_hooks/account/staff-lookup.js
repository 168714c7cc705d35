// Looking a member up by email, the one rule (issue 42), used wherever an email could name an account:
// - only active staff (moderators and admins) look a member up by email, and only to act for that customer
//   (a vote on behalf, pb_hooks/votes/vote-on-behalf.pb.js); each look-up is counted per staff member
//   (platform/limits.js 'staff-lookup') and leaves an audit entry, found or not, without the address (issue 55);
// - only by the whole address (compared without case), never by a pattern or a part of one;
// - a staff account's address resolves for no one: votes on behalf are for customers;
// - nobody but superusers filters or sorts the users list on email, exactly or in part (pb_hooks/auth/users.pb.js;
//   the users list rule refuses it too).
const { refusalText, fieldRefusal } = require(`${__hooks}/platform/refusals.js`);

// A whole address, as PocketBase's own email check has it (ozzo-validation's is.EmailFormat), lowercased.
const WHOLE_ADDRESS =
  /^[a-z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)+$/;
const STAFF_ROLES = ['moderator', 'admin'];

/** `text` as the one address it names (trimmed, lowercased), or null when it is no whole address. */
function wholeAddress(text) {
  const address = String(text ?? '')
    .trim()
    .toLowerCase();
  return address.length <= 254 && WHOLE_ADDRESS.test(address) ? address : null;
}

/**
 * The account whose address is exactly `text`, for active staff member `staff` (already checked by
 * requireStaff), or null when no account has it. Refused (400) when `text` is no whole address, and when the
 * address is a staff account's.
 */
function memberByEmail(app, staff, text) {
  if (!staff || !STAFF_ROLES.includes(staff.getString('role')) || staff.getBool('blocked')) {
    throw new ForbiddenError(refusalText('staffOnly'));
  }
  const address = wholeAddress(text);
  if (!address) {
    throw new BadRequestError(refusalText('customerEmailNeeded'), {
      email: fieldRefusal('validation_is_email', 'notAnEmail'),
    });
  }
  const user = require(`${__hooks}/platform/records.js`).memberByEmail(app, address);
  if (!user) return { address, user: null };
  if (STAFF_ROLES.includes(user.getString('role'))) {
    throw new BadRequestError(refusalText('staffEmailNotCustomer'), {
      email: fieldRefusal('validation_staff_email', 'staffEmailNotCustomer'),
    });
  }
  return { address, user };
}

/**
 * A staff request's look-up (`lookUpForStaff` before its transaction, then `memberByEmail` inside it): counted
 * per staff member, and an audit entry per look-up naming the account found (never the address), or what was
 * refused. Answers what memberByEmail answers, or throws its refusal.
 */
function lookUpForStaff(e, staff, text) {
  require(`${__hooks}/platform/limits.js`).spend('staff-lookup', staff ? staff.id : '');
  const { recordAudit } = require(`${__hooks}/audit/audit.js`);
  let found;
  try {
    found = memberByEmail(e.app, staff, text);
  } catch (error) {
    recordAudit(e.app, e, { action: 'user.lookup_by_email', collection: 'users', after: { result: 'refused' } });
    throw error;
  }
  recordAudit(e.app, e, {
    action: 'user.lookup_by_email',
    collection: 'users',
    id: found.user ? found.user.id : '',
    label: found.user ? found.user.getString('name') : '',
    after: { result: found.user ? 'found' : 'no account' },
  });
  return found;
}

/** Refuses a users list (onRecordsListRequest) whose filter or sort names the email field, except to superusers. */
function refuseEmailSearch(e) {
  if (e.auth?.isSuperuser()) return;
  const info = e.requestInfo();
  const query = `${info.query.filter || ''} ${info.query.sort || ''}`;
  if (/email/i.test(query)) throw new BadRequestError(refusalText('emailSearchRefused'));
}

module.exports = { memberByEmail, lookUpForStaff, refuseEmailSearch, wholeAddress };
