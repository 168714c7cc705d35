// Deleting an account: the fresh sign-in (password, or a code emailed to the person confirming), then the
// deletion itself, one's own or (admins) a member's. Each resolves with a Result; forms show field messages.

import { attempt, type Result } from '../../stores/action';
import { getClient } from '../../stores/client';
import { requestSignInCode } from '../auth/auth-data';
import { confirmFreshSignIn, deleteMemberAccount, deleteOwnAccount, type FreshProof } from './my-data';

/** Emails a code to the signed-in person's own address; resolves with the code's id. */
export function emailFreshCode(): Promise<Result<string>> {
  const pb = getClient();
  return attempt(() => requestSignInCode(pb, String(pb.authStore.record?.email ?? '')));
}

/** A fresh-sign-in token (five minutes) for the signed-in person. */
export function proveFreshSignIn(proof: FreshProof): Promise<Result<string>> {
  return attempt(() => confirmFreshSignIn(getClient(), proof));
}

/** Deletes the signed-in member's account, or (with `memberId`) a member's, for an admin. */
export function deleteAccount(fresh: string, memberId = ''): Promise<Result<void>> {
  const pb = getClient();
  return attempt(() => (memberId ? deleteMemberAccount(pb, memberId, fresh) : deleteOwnAccount(pb, fresh)));
}
