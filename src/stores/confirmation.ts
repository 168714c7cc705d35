// The signed-in member's email confirmation, asked for again from where it matters (a vote held until they
// confirm it): one request, answered in words for the button that asked.
import { requestVerification } from '../lib/pb/auth';
import { attempt, type Result, refuse } from './action';
import { getClient } from './client';
import { getViewer } from './viewer';

/** Emails the viewer a new confirmation link (PocketBase answers alike whatever the address's state). */
export async function resendConfirmation(): Promise<Result<void>> {
  const viewer = getViewer();
  if (!viewer?.email) return refuse('');
  return attempt(() => requestVerification(getClient(), viewer.email));
}
