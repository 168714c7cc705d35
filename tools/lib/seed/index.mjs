// Seeds a realistic demo into an empty Chorus (first run only): a product, boards, people and their ideas.
// The contract's own file (no imports, only erasable types: Node runs it as it is).
import { AUDIENCE_PRINCIPAL_ID } from '../../../src/contract/audience.ts';
import { backdateIdeas } from './ages.mjs';
import { seedIdeas } from './ideas.mjs';
import { seedPeople } from './people.mjs';
import { seedSite } from './site.mjs';
import { seedStaff } from './staff.mjs';

export async function seedDemo(pb, { password }) {
  const boards = await seedSite(pb);
  const people = await seedPeople(pb, password);
  const posts = await seedIdeas(pb, { boards, people });
  await backdateIdeas(pb, posts);
  await seedStaff(pb, { boards, people, password });
  return { boards, people, posts };
}

/** True when the instance already has content, so seeding never overwrites a real board. */
export async function hasContent(pb) {
  const [boards, users] = await Promise.all([
    pb.collection('boards').getList(1, 1, { skipTotal: true }),
    // The member audience's principal (pb_migrations/1764900110_create_audience_principal.js) is no one's content.
    pb.collection('users').getList(1, 1, { skipTotal: true, filter: `id != "${AUDIENCE_PRINCIPAL_ID}"` }),
  ]);
  return boards.items.length > 0 || users.items.length > 0;
}
