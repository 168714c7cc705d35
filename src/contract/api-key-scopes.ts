// The contract of API key scopes, written once for both runtimes (no imports): the Worker and tools import it,
// PocketBase's hooks read its generated CommonJS copy in pb_hooks/platform/contract/ (`npm run contract`).

/** What each scope acts as, weakest first: a read key is a blocked member, a member key an active member, a staff key a moderator. */
export const API_KEY_SCOPES = {
  read: { role: 'member', blocked: true },
  member: { role: 'member', blocked: false },
  staff: { role: 'moderator', blocked: false },
} as const;

export type KeyScope = keyof typeof API_KEY_SCOPES;

/** The scopes, weakest first. */
export const KEY_SCOPES = Object.keys(API_KEY_SCOPES) as KeyScope[];

/** Does a key of scope `have` meet what needs `need`? (Any stronger scope does.) */
export function scopeAllows(have: KeyScope, need: KeyScope): boolean {
  return KEY_SCOPES.indexOf(have) >= KEY_SCOPES.indexOf(need);
}
