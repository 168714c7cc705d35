// `npm run bench -- fan-out edge`: a whole local stack (PocketBase, the Worker in workerd with its Durable
// Objects), the edge fan-out rows, and PocketBase's own SSE fan-out of the same vote beside them.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { connectAsSuperuser } from '../configure-pocketbase.mjs';
import { freePorts } from '../ports.mjs';
import { createBoardAndMember } from '../seed/board-and-member.mjs';
import { startStack } from '../stack.mjs';
import { prepareBenchData } from './data.mjs';
import { printEdgeFanOut } from './edge-fan-out-rows.mjs';
import { voteToggle } from './fan-out.mjs';
import { printFanOut } from './fan-out-rows.mjs';

const dataDir = mkdtempSync(join(tmpdir(), 'chorus-edge-fan-out-'));
const [sitePort, pbPort, smtpPort] = await freePorts(3);
const stack = await startStack({ dataDir, sitePort, pbPort, smtpPort, seed: false, build: 'if-missing' });
try {
  const admin = await connectAsSuperuser(stack.pbUrl, stack.superuser);
  const password = randomBytes(12).toString('hex');
  await createBoardAndMember(admin, { email: 'author@chorus.test', password, name: 'Author' });
  const data = await prepareBenchData(admin, stack.pbUrl, password);
  const write = await voteToggle(data);
  const pocketbasePid = stack.pocketbase().process.pid;
  const picked = process.argv.slice(3).map(Number).filter(Number.isFinite);
  console.log('Live fan-out of a vote at the edge (viewers on the Worker in workerd, this machine; 10 votes a row)\n');
  // Viewers connect to workerd itself (the stack's origin, without the local edge in front).
  const originUrl = stack.originUrl;
  await printEdgeFanOut({
    originUrl,
    pbUrl: stack.pbUrl,
    postId: data.postWithComments,
    write,
    pocketbasePid,
    sitePid: stack.sitePid,
    ...(picked.length > 0 && { viewers: picked }),
  });
  console.log("\nThe same vote through PocketBase's own realtime (what an idea page listened to before):\n");
  const idea = `post_live/${data.postWithComments}`;
  await printFanOut(
    stack.pbUrl,
    [
      { label: 'post_live/<id>, 1 subscr.', topic: idea, subscribers: 1 },
      { label: 'post_live/<id>, 10000 subscr.', topic: idea, subscribers: 10_000 },
    ],
    { write, proxySecret: stack.proxySecret, pocketbasePid },
  );
} finally {
  await stack.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
