// Where a vote clicked signed out waits out the sign-in detour (this tab only): votes.ts reads it before it loads
// pending-vote.ts, which keeps and takes the vote.
export const PENDING_VOTE_KEY = 'chorus:pending-vote';
