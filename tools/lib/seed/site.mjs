// The demo product: Lumen, a note-taking app, and its boards.
export const DEMO_BOARDS = [
  {
    name: 'Feature requests',
    slug: 'features',
    description: 'Ideas for new features and improvements to Lumen.',
    visibility: 'public',
  },
  {
    name: 'Bug reports',
    slug: 'bugs',
    description: 'Something not working as expected? Tell us.',
    visibility: 'public',
  },
  {
    name: 'Integrations',
    slug: 'integrations',
    description: 'Connect Lumen with the tools you already use.',
    visibility: 'public',
  },
  {
    name: 'Beta lab',
    slug: 'beta',
    description: 'Early features for signed-in members. Feedback welcome!',
    visibility: 'members',
  },
];

export async function seedSite(pb) {
  const site = await pb.collection('site').getFirstListItem('');
  await pb.collection('site').update(site.id, {
    name: 'Lumen',
    tagline: 'Help shape the future of Lumen Notes',
    accent_color: '#4f46e5',
    welcome:
      'Lumen Notes is built with the people who use it every day.\n\nShare an idea, vote for the ones you want most, and follow them from planned to shipped. Everything here updates live.',
    allow_signups: true,
  });
  const boards = {};
  for (const [position, board] of DEMO_BOARDS.entries()) {
    boards[board.slug] = await pb.collection('boards').create({ ...board, position });
  }
  return boards;
}
