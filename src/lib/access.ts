// Chorus's access model on the site: the contract's predicates (src/contract/access.ts, which PocketBase's hooks
// read too), used by pages and islands to decide what to offer and why something is refused.
export {
  type AccessUser,
  canEditIdea,
  type EditableIdea,
  type EditRefusal,
  hasStaffRole,
  isActiveMember,
  isAdmin,
  isStaff,
  STAFF_ROLES,
  whyCannotEditIdea,
} from '../contract/access';
