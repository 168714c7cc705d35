// Where PocketBase's own realtime carries the records of an edge topic (lib/live/protocol.ts), filtered by
// its rules: for staff, who also see what is not public, and where no edge serves the page.

export interface PocketBaseTopic {
  collection: string;
  topic: string;
  filter?: string;
}

export function pocketBaseSource(edgeTopic: string): PocketBaseTopic {
  const [kind = '', raw = ''] = edgeTopic.split(':');
  const id = raw.replace(/[^a-z0-9]/g, '');
  switch (kind) {
    case 'idea':
      return { collection: 'post_live', topic: id };
    case 'ideas':
      return { collection: 'post_live', topic: '*' };
    case 'comments':
      return { collection: 'comments', topic: '*', filter: `post = "${id}"` };
    case 'reactions':
      return { collection: 'reactions', topic: '*', filter: `comment.post = "${id}"` };
    default:
      return { collection: 'changelog_entries', topic: '*' };
  }
}
