// A member may not go by a staff member's name (issue 42): at sign-up and at each rename, a member's name that
// folds (account/name-fold.js: case, spacing, accents, invisible characters, look-alike letters) to a moderator's or
// an admin's folded name is refused. Staff may use their own; superusers (the operator) are not checked.
const { foldName } = require(`${__hooks}/account/name-fold.js`);
const { hasStaffRole } = require(`${__hooks}/platform/access.js`);
const { refusalText, fieldRefusal } = require(`${__hooks}/platform/refusals.js`);
const { rowsOf } = require(`${__hooks}/platform/sql-rows.js`);

/** Does `name` fold like the name of a staff member other than the user `exceptId`? */
function imitatesStaff(app, name, exceptId) {
  const folded = foldName(name);
  if (!folded) return false;
  const staff = rowsOf(
    app,
    "SELECT name FROM users WHERE role IN ('moderator', 'admin') AND id != {:id}",
    { name: '' },
    { id: exceptId || '' },
  );
  return staff.some((member) => foldName(member.name) === folded);
}

/** For a users create or update request (after the name is normalized): refuses a member's staff-like name. */
function refuseStaffLookalike(e) {
  const user = e.record;
  if (e.hasSuperuserAuth() || hasStaffRole(user)) return;
  const name = user.getString('name');
  if (!user.isNew() && user.original().getString('name') === name) return; // not a rename
  if (imitatesStaff(e.app, name, user.id)) {
    throw new BadRequestError(refusalText('staffNameTaken'), {
      name: fieldRefusal('validation_staff_name', 'staffNameTaken'),
    });
  }
}

module.exports = { imitatesStaff, refuseStaffLookalike };
