/// <reference path="../../pb_data/types.d.ts" />
// The shell's version (site/shell-version.js): new after each write to the site, a status, a board, a tag, a
// segment, the scoring or a tracker connection (VERSIONED_SHELL_COLLECTIONS), named in every member's auth refresh.
const { VERSIONED_SHELL_COLLECTIONS } = require(`${__hooks}/platform/contract/cache-tags.js`);

for (const register of [onRecordAfterCreateSuccess, onRecordAfterUpdateSuccess, onRecordAfterDeleteSuccess]) {
  register(
    (e) => {
      require(`${__hooks}/site/shell-version.js`).bumpShellVersion(e.app);
      e.next();
    },
    ...VERSIONED_SHELL_COLLECTIONS,
  );
}

onRecordAuthRequest((e) => require(`${__hooks}/site/shell-version.js`).nameShellVersion(e), 'users');
