// POST: toggles the signed-in member's vote from a plain form (before hydration, or with JavaScript off).

import { createVote, deleteVote, findMyVote } from '../../../features/votes/votes-data';
import { togglePost } from '../../../lib/form-post';

export const POST = togglePost('vote', { find: findMyVote, remove: deleteVote, create: createVote });
