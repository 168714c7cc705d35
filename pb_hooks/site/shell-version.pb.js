/// <reference path="../../pb_data/types.d.ts" />
// The versions (site/shell-version.js): the shell's new after each write to the site, a status, a board, a tag or
// a custom field (VERSIONED_SHELL_COLLECTIONS), staff's after each write to a segment, the scoring or a tracker
// connection (VERSIONED_STAFF_COLLECTIONS); named in every member's session check (server/cmd/pocketbase/session.go).
const { VERSIONED_SHELL_COLLECTIONS, VERSIONED_STAFF_COLLECTIONS } = require(
  `${__hooks}/platform/contract/cache-tags.js`,
);

for (const register of [onRecordAfterCreateSuccess, onRecordAfterUpdateSuccess, onRecordAfterDeleteSuccess]) {
  register(
    (e) => {
      require(`${__hooks}/site/shell-version.js`).bumpShellVersion(e.app);
      e.next();
    },
    ...VERSIONED_SHELL_COLLECTIONS,
  );
  register(
    (e) => {
      require(`${__hooks}/site/shell-version.js`).bumpStaffVersion(e.app);
      e.next();
    },
    ...VERSIONED_STAFF_COLLECTIONS,
  );
}
