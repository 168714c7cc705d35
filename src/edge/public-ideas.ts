// Reads ideas' public live copies (post_live, readable by anyone) from PocketBase, for a shard that is asked
// about an idea it has not heard of since it was created. Null when PocketBase cannot answer.
const FIELDS = 'id,board,title,status,merged_into,vote_count,comment_count,locked';

export async function fetchPublicIdeas(
  pbUrl: string,
  ids: string[],
): Promise<Map<string, { id: string; [field: string]: unknown }> | null> {
  const filter = ids.map((id) => `id='${id.replace(/[^a-z0-9]/g, '')}'`).join('||');
  const url = new URL('/api/collections/post_live/records', pbUrl);
  url.search = new URLSearchParams({ filter, perPage: String(ids.length), skipTotal: '1', fields: FIELDS }).toString();
  try {
    const response = await fetch(url, { headers: { accept: 'application/json' } });
    if (!response.ok) return null;
    const { items } = (await response.json()) as { items: { id: string; [field: string]: unknown }[] };
    return new Map(items.map((item) => [item.id, item]));
  } catch {
    return null;
  }
}
