/// <reference path="../../pb_data/types.d.ts" />
// Names and titles are normalized on the server for every API write (pb_hooks/platform/text.js, NAME_FIELDS):
// users.name, the name of boards, tags and statuses, the title of posts and changelog entries. A member's name
// may not imitate a staff member's (pb_hooks/account/staff-names.js).
// (Handlers run in other JS runtimes than this file, so they read their collection from the record.)
const NAMED = ['users', 'boards', 'tags', 'statuses', 'posts', 'changelog_entries'];

onRecordCreateRequest((e) => require(`${__hooks}/platform/text.js`).normalizeNameOnWrite(e), ...NAMED);

onRecordUpdateRequest((e) => require(`${__hooks}/platform/text.js`).normalizeNameOnWrite(e), ...NAMED);
