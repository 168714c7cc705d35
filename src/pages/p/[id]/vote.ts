// POST: toggles the signed-in member's vote from a plain form (before hydration, or with JavaScript off).
import { togglePost } from '../../../lib/form-post';
import { createVote, deleteVote, findMyVote } from '../../../lib/pb/votes';

export const POST = togglePost('vote', { find: findMyVote, remove: deleteVote, create: createVote });
