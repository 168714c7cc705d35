// A moment as PocketBase stores a date ('2026-01-02 03:04:05.678Z', what its date fields and SQL comparisons use):
// the one home of that format for every hook that writes a date or compares against one.

/** `at` (ms since 1970 or a Date; now when left out) as PocketBase stores a date. */
const dateString = (at = Date.now()) => new Date(at).toISOString().replace('T', ' ');

module.exports = { dateString };
