// Audiences, written once for both runtimes (no imports): a signed-in plain member's public pages are rendered once
// per audience and served from the edge cache (docs: architecture/edge-cache), never once per person. PocketBase
// names the member's audience in their session check (server/cmd/pocketbase/session.go); the Worker renders an
// audience's copy as its principal, a user account that holds nothing personal and may write nothing. A member who is
// also in one segment with a board of its own is of that segment's audience, rendered as the segment's principal.

/**
 * Where a member's session check (its `meta`) names their audience: AUDIENCE_MEMBER, a segment's audience
 * (segmentAudience), or an empty string (rendered per person).
 */
export const AUDIENCE_META = 'audience';
/** A member's session check (server/cmd/pocketbase/session.go; src/lib/pb/session.ts asks it): their record as the
 * site shows them, and the `meta` naming their shell's version and audience. Every signed-in page view asks it once. */
export const SESSION_PATH = '/api/chorus/session';
/** The shell's version for a visitor's render (server/cmd/pocketbase/shell_version.go answers anyone): what a member's
 * check names under SHELL_VERSION_META, without staff's part. A visitor's page reads it instead of the site record, the
 * statuses, the tags and a visitor's boards and custom fields, which a Worker isolate keeps under it (src/middleware.ts). */
export const SHELL_VERSION_PATH = '/api/chorus/shell-version';
/**
 * Where a member's session check (its `meta`: server/cmd/pocketbase/session.go) names the version of what pages show
 * alike for a whole audience (pb_hooks/site/shell-version.js renames it): a Worker isolate keeps the site record, the
 * statuses, the tags and the member audience's and staff's boards and custom fields under it, and reads them again
 * only when it changes (src/lib/pb/kept-at-version.ts). A member's version follows VERSIONED_SHELL_COLLECTIONS
 * (src/contract/cache-tags.ts); staff's is that version, a dot and the version of VERSIONED_STAFF_COLLECTIONS, under
 * which their segment choices, scoring formula and tracker connections are kept: an admin's change to those renews
 * no member's version (nor any cached copy).
 */
export const SHELL_VERSION_META = 'shell_version';
/**
 * A verified, unblocked member with the role `member` in no segment that has a board: they see what every such member
 * sees.
 */
export const AUDIENCE_MEMBER = 'member';
/** The member audience's principal (a users record a migration makes): the Worker renders members' copies as it. */
export const AUDIENCE_PRINCIPAL_ID = 'audiencemember0';
/** A segment audience's name begins so, then names the segment's id. */
export const AUDIENCE_SEGMENT_PREFIX = 'segment:';
/**
 * The users field (hidden, set by PocketBase alone) naming the segment an account is the principal of: a segment
 * audience's principal sees that segment's boards as its members do, and like the member audience's principal it
 * holds nothing personal, may not sign in and may write nothing.
 */
export const PRINCIPAL_SEGMENT_FIELD = 'audience_segment';

/** The audience of the members of `segment` (a segment id) who are in no other segment with a board. */
export function segmentAudience(segment: string): string {
  return AUDIENCE_SEGMENT_PREFIX + segment;
}

/** The segment a segment audience's name names ('' when `audience` names none: a record id is 15 of a-z0-9). */
export function segmentOfAudience(audience: string): string {
  if (!audience.startsWith(AUDIENCE_SEGMENT_PREFIX)) return '';
  const segment = audience.slice(AUDIENCE_SEGMENT_PREFIX.length);
  return /^[a-z0-9]{15}$/.test(segment) ? segment : '';
}
