// The signed-in member's email confirmation, asked for again from where it matters (a vote held until they
// confirm it): one request, answered in words for the button that asked. Apart from auth-data.ts (signing in and
// up), so the pages that only vote do not load what signing in needs.

import type { PocketBase } from '../../lib/pb/client';
import { attempt, type Result, refuse } from '../../stores/action';
import { getClient } from '../../stores/client';
import { getViewer } from '../../stores/viewer';

/** Asks PocketBase to email `email` a new confirmation link (it answers alike whatever the address's state). */
export async function requestVerification(pb: PocketBase, email: string): Promise<void> {
  await pb.collection('users').requestVerification(email);
}

/** Emails the viewer a new confirmation link. */
export async function resendConfirmation(): Promise<Result<void>> {
  const viewer = getViewer();
  if (!viewer?.email) return refuse('');
  return attempt(() => requestVerification(getClient(), viewer.email));
}
