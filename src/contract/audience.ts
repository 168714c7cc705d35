// Audiences, written once for both runtimes (no imports): a signed-in plain member's public pages are rendered once
// per audience and served from the edge cache (docs: architecture/edge-cache), never once per person. PocketBase
// names the member's audience in their auth refresh (pb_hooks/site/audience.js); the Worker renders an audience's
// copy as its principal, a user account that holds nothing personal and may write nothing.

/**
 * Where a member's auth refresh (its `meta`) names their audience: AUDIENCE_MEMBER, or an empty string (rendered per
 * person).
 */
export const AUDIENCE_META = 'audience';
/**
 * A verified, unblocked member with the role `member` in no segment that has a board: they see what every such member
 * sees.
 */
export const AUDIENCE_MEMBER = 'member';
/** The member audience's principal (a users record a migration makes): the Worker renders members' copies as it. */
export const AUDIENCE_PRINCIPAL_ID = 'audiencemember0';
