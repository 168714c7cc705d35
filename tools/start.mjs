// `npm start` (and `npm run dev` with --dev): a local Chorus on a real PocketBase, seeded on first run.
// `npm start -- --reuse-build` serves the last build when there is one instead of building again.
import './lib/require-node.mjs';
import { resolve } from 'node:path';
import { replicaDirFromEnv } from './lib/backups/replica-dir.mjs';
import { commandLine, oneSentence } from './lib/cli.mjs';
import { DEMO_PEOPLE } from './lib/seed/people.mjs';
import { startStack } from './lib/stack.mjs';

const { values } = commandLine({
  command: 'start',
  file: import.meta.url,
  synopsis: '[--dev] [--reuse-build]',
  options: { dev: { type: 'boolean', default: false }, 'reuse-build': { type: 'boolean', default: false } },
});
const dev = values.dev;
const reuseBuild = values['reuse-build'];
const env = process.env;
const externalPbUrl = env.PB_URL || undefined;
const dataDir = resolve(env.PB_DATA_DIR ?? 'pb_data');

try {
  const stack = await startStack({
    dataDir,
    sitePort: Number(env.PORT ?? 4321),
    // A name, not 127.0.0.1: browsers refuse an IP address as a passkey's relying party. Other names redirect here.
    siteHost: 'localhost',
    pbPort: Number(env.PB_PORT ?? 8090),
    smtpPort: Number(env.SMTP_PORT ?? 2525),
    mailWebPort: Number(env.MAIL_PORT ?? 8025),
    inboundSmtpPort: Number(env.INBOUND_SMTP_PORT ?? 2526),
    externalPbUrl,
    publicPbUrl: env.PUBLIC_PB_URL || undefined,
    replicaDir: replicaDirFromEnv(dataDir, env),
    dev,
    build: reuseBuild ? 'if-missing' : 'always',
    quiet: !dev,
    log: (line) => console.log(line),
  });
  const shutdown = async () => {
    console.log('\nStopping Chorus…');
    await stack.stop();
    process.exit(0);
  };
  // Before "Press Ctrl-C to stop." is printed: a Ctrl-C that follows the words at once must find the handler, not
  // Node's default (which ends the process at once, leaving PocketBase and workerd running; seen once on a loaded
  // machine, the process descheduled between the words and the handler).
  process.on('SIGINT', shutdown);
  process.on('SIGTERM', shutdown);
  printWelcome(stack);
} catch (error) {
  console.error(`\nChorus could not start: ${oneSentence(error)}`);
  process.exit(1);
}

function printWelcome({ siteUrl, pbUrl, mail, inbound, aiUrl, superuser, demoPassword, replication }) {
  const lines = [
    '',
    `Chorus is running:  ${siteUrl}`,
    `PocketBase API:     ${pbUrl}`,
    `Admin UI:           ${pbUrl}/_/`,
  ];
  if (superuser) lines.push(`  operator:         ${superuser.email} / ${superuser.password}`);
  if (replication)
    lines.push(`Backups:            ${replication.replicaDir}   (Litestream; npm run restore -- --help)`);
  if (mail) lines.push(`Emails (inbox):     ${mail.webUrl}   (SMTP on 127.0.0.1:${mail.smtpPort})`);
  if (aiUrl) lines.push(`AI embeddings:      ${aiUrl}   (similar ideas by meaning; CHORUS_AI_URL to use another)`);
  if (inbound) {
    const domain = env.CHORUS_INBOUND_DOMAIN || 'inbound.chorus.localhost';
    lines.push(`Ideas by email:     SMTP on 127.0.0.1:${inbound.port} for @${domain} (addresses: /admin/boards)`);
  }
  if (demoPassword) {
    lines.push('Demo accounts (password for all):', `  password:         ${demoPassword}`);
    for (const person of DEMO_PEOPLE.slice(0, 3)) lines.push(`  ${person.role.padEnd(16)}  ${person.email}`);
  }
  lines.push('', 'Press Ctrl-C to stop.');
  console.log(lines.join('\n'));
}
