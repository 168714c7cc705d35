// The least a fresh PocketBase needs before ideas can be written to it (benches, the restore drill, tests that
// start their own): one public board and one verified member, as the demo seed would give them.

/**
 * @param {import('pocketbase').default} admin a superuser client
 * @param {{ board?: string, email: string, password: string, name: string }} who
 * @returns {Promise<{ board: import('pocketbase').RecordModel, member: import('pocketbase').RecordModel }>}
 */
export async function createBoardAndMember(admin, { board = 'Ideas', email, password, name }) {
  const slug = board.toLowerCase().replace(/[^a-z0-9]+/g, '-');
  const [created, member] = await Promise.all([
    admin.collection('boards').create({ name: board, slug, visibility: 'public' }),
    admin.collection('users').create({ email, password, passwordConfirm: password, name, verified: true }),
  ]);
  return { board: created, member };
}
