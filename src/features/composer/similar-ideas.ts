// Ideas that may mean the same as a title being typed (issue 38): PocketBase's /api/chorus/similar ranks the
// full-text search in every script together with meaning where the site has an AI provider; it returns only
// what the viewer may see. Up to three, with their votes, for the composer's "vote instead".
import type { PocketBase } from '../../lib/pb/client';

export interface SimilarIdea {
  id: string;
  title: string;
  votes: number;
}

interface SimilarAnswer {
  items: { id: string; title: string; vote_count: number }[];
}

export const SIMILAR_LIMIT = 3;

export async function findSimilarIdeas(pb: PocketBase, title: string, boardId: string): Promise<SimilarIdea[]> {
  const { items } = await pb.send<SimilarAnswer>('/api/chorus/similar', {
    query: { q: title, board: boardId, limit: SIMILAR_LIMIT },
    requestKey: 'composer-similar',
  });
  return items.slice(0, SIMILAR_LIMIT).map((idea) => ({ id: idea.id, title: idea.title, votes: idea.vote_count }));
}
