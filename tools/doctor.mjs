// Checks a running Chorus end to end and prints one line per check, with what to do when it fails: the site
// answers; the Worker reaches PocketBase; PocketBase and the Worker share EDGE_PURGE_SECRET (a publish
// PocketBase signs arrives on a live socket, a forged one is refused); the edge cache serves a HIT and a purge
// empties it; PocketBase sees visitors' addresses, not the Worker's (CHORUS_PROXY_SECRET); the Application
// URL is the site's; SMTP accepts a test message; a write reaches the backup replica; migrations are current;
// the PocketBase and Chorus versions. Exit code 0 when every check passes, 1 when one fails, 2 for bad input.
//
// It needs PocketBase's superuser: PB_SUPERUSER_EMAIL and PB_SUPERUSER_PASSWORD (`npm start` prints them).
// PocketBase's address is read from the site's pages unless --pocketbase (or PB_URL) names it. The secrets
// themselves are never needed here: PocketBase signs what must carry them (POST /api/chorus/health).
//
// Options:
//   --pocketbase <url>   PocketBase's address (default: PB_URL, else the one the site's pages name)
//   --mail-to <address>  where the SMTP test message goes (default: PB_SUPERUSER_EMAIL)
import { readFileSync } from 'node:fs';
import { commandLine, helpCommand, UsageError } from './lib/cli.mjs';
import { CHECKS } from './lib/doctor/checks.mjs';
import { Fault, pocketBaseAsSuperuser, request, Skip } from './lib/doctor/wire.mjs';

const { values, positionals } = commandLine({
  command: 'doctor',
  file: import.meta.url,
  synopsis: '<site URL> [--pocketbase <url>] [--mail-to <address>]',
  options: { pocketbase: { type: 'string' }, 'mail-to': { type: 'string' } },
  positionals: true,
});

const site = siteOf(positionals);
const email = process.env.PB_SUPERUSER_EMAIL;
const password = process.env.PB_SUPERUSER_PASSWORD;
if (!email || !password) {
  throw new UsageError(
    `Set PB_SUPERUSER_EMAIL and PB_SUPERUSER_PASSWORD to PocketBase's superuser; see \`${helpCommand('doctor')}\`.`,
  );
}
const found = {
  site,
  mailTo: values['mail-to'] ?? email,
  chorusVersion: JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')).version,
  pbUrl: (values.pocketbase ?? process.env.PB_URL ?? (await pocketBaseNamedBy(site)) ?? '').replace(/\/+$/, ''),
  pb: undefined,
  pbProblem: "PocketBase's address is unknown.",
};
if (found.pbUrl) {
  try {
    found.pb = await pocketBaseAsSuperuser(found.pbUrl, { email, password });
  } catch (error) {
    found.pbProblem = error.message;
  }
  if (found.pb === null) {
    throw new UsageError(`PocketBase at ${found.pbUrl} refused PB_SUPERUSER_EMAIL and PB_SUPERUSER_PASSWORD.`);
  }
}

console.log(`Checking ${site} (PocketBase: ${found.pbUrl || 'unknown'})`);
let failed = 0;
for (const check of CHECKS) {
  try {
    const detail = await check.run(found);
    console.log(`  ok    ${check.name}: ${detail}`);
  } catch (error) {
    if (error instanceof Skip) {
      console.log(`  skip  ${check.name}: ${error.message}`);
    } else {
      failed += 1;
      const fault = error instanceof Fault ? error : new Fault(error instanceof Error ? error.message : String(error));
      console.log(`  FAIL  ${check.name}: ${fault.message}${fault.fix ? `\n        → ${fault.fix}` : ''}`);
      if (process.env.CHORUS_DEBUG && !(error instanceof Fault)) console.error(error);
    }
  }
}
console.log(failed ? `${failed} of ${CHECKS.length} checks failed.` : `All ${CHECKS.length} checks passed.`);
process.exit(failed ? 1 : 0);

function siteOf(args) {
  if (args.length !== 1)
    throw new UsageError(
      `Give the site's address, e.g. https://feedback.example.com; see \`${helpCommand('doctor')}\`.`,
    );
  let url;
  try {
    url = new URL(args[0]);
  } catch {
    throw new UsageError(`${args[0]} is not an address (write it as https://feedback.example.com).`);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    throw new UsageError(`${args[0]} is not a web address (write it as https://feedback.example.com).`);
  }
  return url.origin;
}

/** The PocketBase address the site's pages give browsers (<meta name="chorus:pocketbase">), or null. */
async function pocketBaseNamedBy(siteUrl) {
  try {
    const html = await (await request(new URL('/changelog', siteUrl))).text();
    const named = /<meta name="chorus:pocketbase" content="([^"]+)"/.exec(html)?.[1];
    return named ? new URL(named, siteUrl).href : null;
  } catch {
    return null;
  }
}
