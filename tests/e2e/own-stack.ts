// A whole stack of its own, for a test that stops or restarts a part of it or reads PocketBase's logs, so the
// shared stack every other test uses is never disturbed: free ports, a temp folder, both gone afterwards.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type PocketBase from 'pocketbase';
import type { RecordModel } from 'pocketbase';
import { connectAsSuperuser } from '../../tools/lib/configure-pocketbase.mjs';
import { freePorts } from '../../tools/lib/ports.mjs';
import { startStack } from '../../tools/lib/stack.mjs';

export type OwnStack = Awaited<ReturnType<typeof startStack>>;

/** Runs `test` against a fresh stack (no demo seed), then stops it and removes its folder. */
export async function withOwnStack<T>(
  test: (stack: OwnStack) => Promise<T>,
  options: { pocketbaseEnv?: Record<string, string> } = {},
): Promise<T> {
  const dataDir = mkdtempSync(join(tmpdir(), 'chorus-e2e-own-'));
  const [sitePort, pbPort, smtpPort] = await freePorts(3);
  const stack = await startStack({
    dataDir,
    sitePort,
    pbPort,
    smtpPort,
    seed: false,
    build: 'if-missing',
    fromTemplate: true,
    ...options,
  });
  try {
    return await test(stack);
  } finally {
    await stack.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

export const VOTER_PASSWORD = 'a-long-password-123';

/** A public board, a verified member (voter@example.com), and their approved idea on it. */
export async function publicIdea(
  stack: OwnStack,
  { title, voterName }: { title: string; voterName: string },
): Promise<{ admin: PocketBase; voter: RecordModel; post: RecordModel }> {
  const admin = await connectAsSuperuser(stack.pbUrl, stack.superuser);
  const board = await admin.collection('boards').create({ name: 'Ideas', slug: 'ideas', visibility: 'public' });
  const voter = await admin.collection('users').create({
    email: 'voter@example.com',
    password: VOTER_PASSWORD,
    passwordConfirm: VOTER_PASSWORD,
    name: voterName,
    verified: true,
  });
  const post = await admin.collection('posts').create({ board: board.id, author: voter.id, title, approved: true });
  return { admin, voter, post };
}
