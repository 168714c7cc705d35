// What search engines may index: public boards and the approved ideas on them.
import type { PocketBase } from '../../lib/pb/client';

export interface SitemapEntry {
  path: string;
  updated?: string;
}

export async function listSitemapEntries(pb: PocketBase): Promise<SitemapEntry[]> {
  const [boards, posts] = await Promise.all([
    pb
      .collection('boards')
      .getFullList({ filter: 'visibility = "public" && archived = false', fields: 'slug,updated' }),
    pb.collection('posts').getList(1, 1000, {
      filter: 'board.visibility = "public" && approved = true',
      sort: '-updated',
      fields: 'id,updated',
      skipTotal: true,
    }),
  ]);
  return [
    { path: '/' },
    { path: '/roadmap' },
    { path: '/changelog' },
    ...boards.map((b) => ({ path: `/b/${b.slug}`, updated: b.updated })),
    ...posts.items.map((p) => ({ path: `/p/${p.id}`, updated: p.updated })),
  ];
}
