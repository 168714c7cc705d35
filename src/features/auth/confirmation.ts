// The signed-in member's email confirmation, asked for again from where it matters (a vote held until they
// confirm it): one request, answered in words for the button that asked.

import { attempt, type Result, refuse } from '../../stores/action';
import { getClient } from '../../stores/client';
import { getViewer } from '../../stores/viewer';
import { requestVerification } from './auth-data';

/** Emails the viewer a new confirmation link (PocketBase answers alike whatever the address's state). */
export async function resendConfirmation(): Promise<Result<void>> {
  const viewer = getViewer();
  if (!viewer?.email) return refuse('');
  return attempt(() => requestVerification(getClient(), viewer.email));
}
