// What one `npm run deploy` does, worked out before anything runs: the addresses read from the operator's
// words, then the ordered steps (each with what it gives whom), so a dry run prints exactly what a deploy does.
// A rotation is ordered so the two halves never refuse each other for longer than PocketBase's restart:
//   1. the Worker takes the new EDGE_PURGE_SECRET and keeps accepting the old one (EDGE_PURGE_SECRET_PREVIOUS);
//   2. PocketBase restarts with the new EDGE_PURGE_SECRET and CHORUS_PROXY_SECRET, still trusting the old proxy
//      secret (CHORUS_PROXY_SECRET_PREVIOUS) the Worker keeps sending;
//   3. the Worker switches to the new CHORUS_PROXY_SECRET and drops the old edge secret;
//   4. PocketBase restarts again without the old proxy secret (any time later).
import { UsageError } from '../cli.mjs';
import { isRotating, mask } from './secrets.mjs';
import { afterSending, workerChanges } from './state.mjs';

/** Hosts where plain http is fine (a PocketBase on the same machine, for a trial). */
const LOOPBACK = new Set(['127.0.0.1', 'localhost', '[::1]']);

function addressOf(text, option, example) {
  let url;
  try {
    url = new URL(String(text));
  } catch {
    throw new UsageError(`${option} ${text} is not an address (write it as ${example}).`);
  }
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && LOOPBACK.has(url.hostname))) {
    throw new UsageError(
      `${option} must be an https:// address (got ${text}): the shared secrets travel with every request to it.`,
    );
  }
  if (url.username || url.password || url.search || url.hash) {
    throw new UsageError(`${option} takes a plain address, without a user, a query or a #fragment (got ${text}).`);
  }
  return url;
}

/** The site's origin from --site (https only: it is where visitors and PocketBase's publishes go). */
export function siteAddress(text) {
  const url = addressOf(text, '--site', 'https://feedback.example.com');
  if (url.protocol !== 'https:') throw new UsageError(`--site must be an https:// address (got ${text}).`);
  if (url.pathname !== '/') {
    throw new UsageError(
      `--site is the site's own address, without a path (got ${text}; did you mean ${url.origin}?).`,
    );
  }
  return url.origin;
}

/** PocketBase's address from --pocketbase (or --pocketbase-internal), without a trailing slash. */
export function pocketBaseAddress(text, option = '--pocketbase') {
  const url = addressOf(text, option, 'https://pb.example.com');
  return url.href.replace(/\/+$/, '');
}

/**
 * The Worker's name and the custom domain to route to it: a site on workers.dev is served by the Worker its
 * first label names; any other host is attached to the Worker as a custom domain (wrangler deploy --domains).
 * @param {{ site: string, name?: string, configured: string }} given `configured`: wrangler.toml's name
 */
export function workerFor({ site, name, configured }) {
  if (name !== undefined && !/^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/.test(name)) {
    throw new UsageError(`--name ${name} is not a Worker name (lower-case letters, digits and dashes, at most 63).`);
  }
  const host = new URL(site).hostname;
  if (host.endsWith('.workers.dev')) {
    const label = host.split('.')[0] ?? '';
    if (name !== undefined && name !== label) {
      throw new UsageError(`${site} is served by the Worker named ${label}, not ${name}: give --name ${label}.`);
    }
    return { worker: label, domain: null };
  }
  return { worker: name ?? configured, domain: host };
}

/**
 * What the Worker must hold now (null: must not hold). During a rotation, `phase` 'accept' keeps the old proxy
 * secret and accepts both edge secrets; 'switch' (and any deploy outside a rotation) holds only the new ones.
 * @param {{ site: string, pocketbase: string, pocketbaseInternal?: string, secrets: import('./secrets.mjs').Secrets, phase: 'accept' | 'switch' }} given
 */
export function workerSecrets({ site, pocketbase, pocketbaseInternal, secrets, phase }) {
  const accepting = phase === 'accept' && isRotating(secrets);
  return {
    PB_URL: pocketbaseInternal ?? pocketbase,
    PUBLIC_PB_URL: pocketbaseInternal ? pocketbase : null,
    SITE_URL: site,
    EDGE_PURGE_SECRET: secrets.EDGE_PURGE_SECRET,
    EDGE_PURGE_SECRET_PREVIOUS: accepting ? (secrets.EDGE_PURGE_SECRET_PREVIOUS ?? null) : null,
    CHORUS_PROXY_SECRET: accepting
      ? (secrets.CHORUS_PROXY_SECRET_PREVIOUS ?? secrets.CHORUS_PROXY_SECRET)
      : secrets.CHORUS_PROXY_SECRET,
  };
}

/** PocketBase's environment: the site to publish to, the shared secrets (the old proxy one while rotating), GOGC. */
export function serverEnvEntries({ site, secrets }) {
  return {
    EDGE_URL: site,
    EDGE_PURGE_SECRET: secrets.EDGE_PURGE_SECRET,
    CHORUS_PROXY_SECRET: secrets.CHORUS_PROXY_SECRET,
    CHORUS_PROXY_SECRET_PREVIOUS: secrets.CHORUS_PROXY_SECRET_PREVIOUS,
    GOGC: '400',
  };
}

export const SERVER_ENV_COMMENTS = [
  "PocketBase's environment for this Chorus site, written by `npm run deploy` (keep it private: it holds the",
  "secrets PocketBase shares with the site's Worker; copy it with scp -p to keep its mode 0600).",
  'Where it goes: deploy.env, a file of its own beside your chorus.env (the systemd unit has two EnvironmentFile=',
  'lines, /etc/chorus/chorus.env then /etc/chorus/deploy.env; chorus-server reads deploy.env beside chorus-server,',
  'or beside the file CHORUS_ENV_FILE names). It wins over chorus.env, which stays yours: deploy never writes it.',
  'Restart PocketBase after copying it.',
  "chorus-server sets GOMEMLIMIT to 70% of the host's (or container's) memory unless this file sets it.",
];

/** The commands that put the server file in place on a VM running the bundle's systemd unit (which reads /etc/chorus/deploy.env beside the operator's chorus.env). */
export function copyCommands(pocketbase) {
  const host = new URL(pocketbase).hostname;
  return [
    `scp -p .deploy/server.env root@${host}:/etc/chorus/deploy.env`,
    `ssh root@${host} systemctl restart chorus-server`,
  ];
}

/** `NAME=value` for printing: a secret as its first 4 characters, a deletion said so. */
export function shown(name, value) {
  if (value === null) return `${name} (removed)`;
  if (value === undefined) return `${name} (unset)`;
  return `${name}=${/SECRET/.test(name) ? mask(value) : value}`;
}

/**
 * The ordered steps of one deploy. Each step has an `id` the runner acts on, a `title`, the `lines` a plan
 * prints under it (secrets masked) and what it needs to run.
 * @param {{ site: string, pocketbase: string, pocketbaseInternal?: string, worker: string, domain: string | null,
 *   secrets: import('./secrets.mjs').Secrets, secretsNote: string, state: import('./state.mjs').DeployState,
 *   skipBuild?: boolean, skipDoctor?: boolean, credentials: boolean }} input
 */
export function planDeploy(input) {
  const { site, pocketbase, pocketbaseInternal, worker, domain, secrets, state } = input;
  const rotating = isRotating(secrets);
  const steps = [];
  steps.push({
    id: 'login',
    title: 'Check that wrangler is logged in to Cloudflare',
    lines: ['npx wrangler whoami (needs `npx wrangler login`, or CLOUDFLARE_API_TOKEN in CI)'],
  });
  steps.push({
    id: 'build',
    title: 'Build the site',
    skipped: input.skipBuild ? '--skip-build: the last build (dist/) is deployed' : '',
    lines: ['npm run build'],
  });
  steps.push({
    id: 'secrets-file',
    title: 'Keep the shared secrets in .deploy/secrets.env (mode 0600, folder 0700)',
    secrets,
    lines: [
      input.secretsNote,
      ...['EDGE_PURGE_SECRET', 'CHORUS_PROXY_SECRET', 'EDGE_PURGE_SECRET_PREVIOUS', 'CHORUS_PROXY_SECRET_PREVIOUS']
        .filter((name) => secrets[name])
        .map((name) => shown(name, secrets[name])),
    ],
  });
  const deployArgs = ['deploy', '--name', worker, ...(domain ? ['--domains', domain] : [])];
  let given = state.given[worker] ?? {};
  // A Worker's first version carries its settings and secrets (wrangler deploy --secrets-file): given after
  // it, the new Worker would answer 503 without PB_URL for the seconds in between.
  const firstSecrets =
    !rotating && Object.keys(given).length === 0
      ? Object.fromEntries(
          Object.entries(
            workerChanges(workerSecrets({ site, pocketbase, pocketbaseInternal, secrets, phase: 'switch' }), {})
              .payload,
          ).filter(([, value]) => value !== null),
        )
      : null;
  steps.push({
    id: 'deploy',
    title: `Deploy the Worker ${worker}${domain ? ` on ${domain} (a custom domain)` : ''}`,
    args: deployArgs,
    secretsFile: firstSecrets,
    lines: [
      `npx wrangler ${deployArgs.join(' ')}${firstSecrets ? ' --secrets-file <a private temporary file>' : ''}`,
      ...(firstSecrets
        ? [
            'Its first version carries its settings and secrets (never a moment without PB_URL):',
            ...Object.entries(firstSecrets).map(([name, value]) => `  ${shown(name, value)}`),
          ]
        : []),
      'Its Durable Objects (LiveHub, PurgeQueue), Workers Cache and observability come from wrangler.toml.',
    ],
  });
  if (firstSecrets) given = afterSending(given, firstSecrets);

  const secretsStep = (phase, title, secondHalf = false) => {
    const wanted = workerSecrets({ site, pocketbase, pocketbaseInternal, secrets, phase });
    const { payload, unchanged } = workerChanges(wanted, given);
    given = afterSending(given, payload);
    const names = Object.keys(payload);
    steps.push({
      id: 'worker-secrets',
      phase,
      secondHalf,
      title,
      payload,
      lines: names.length
        ? [
            `npx wrangler secret bulk --name ${worker} (JSON on stdin):`,
            ...names.map((name) => `  ${shown(name, payload[name])}`),
            ...(unchanged.length ? [`Unchanged since the last deploy: ${unchanged.join(', ')}.`] : []),
          ]
        : [
            firstSecrets
              ? 'Nothing more: the first version carries them (the step above).'
              : 'Nothing: every value is as the last deploy gave it.',
          ],
    });
  };
  const serverStep = (stage) => {
    const entries = serverEnvEntries({ site, secrets: stage === 'final' ? withoutPrevious(secrets) : secrets });
    steps.push({
      id: 'server-env',
      stage,
      secondHalf: stage === 'final',
      title: "Write PocketBase's environment file .deploy/server.env (mode 0600)",
      entries,
      lines: [
        ...Object.entries(entries)
          .filter(([, value]) => value !== undefined)
          .map(([name, value]) => `  ${shown(name, value)}`),
        'Copy it to the server and restart PocketBase (deploy cannot reach the server), e.g.:',
        ...copyCommands(pocketbase).map((command) => `  ${command}`),
      ],
    });
  };

  if (rotating) {
    secretsStep('accept', 'Rotation 1/4: the Worker takes the new EDGE_PURGE_SECRET and still accepts the old one');
    serverStep('rotation');
    steps.push({
      id: 'app-url',
      title: `Set PocketBase's Application URL to ${site}`,
      lines: applicationUrlLines(input),
    });
    steps.push({
      id: 'wait-server',
      title: 'Rotation 2/4: PocketBase restarts with .deploy/server.env (on the server, by you)',
      proxySecret: secrets.CHORUS_PROXY_SECRET,
      operator: rotationServerLines(pocketbase),
      lines: [
        ...rotationServerLines(pocketbase),
        'Deploy waits for it: in a terminal it asks; with --yes it goes on only if PocketBase (as PB_SUPERUSER_*)',
        'shows the new secrets, else it stops here, both sides still accepting each other, and the next',
        '`npm run deploy` goes on from here.',
      ],
    });
    secretsStep(
      'switch',
      'Rotation 3/4: the Worker switches to the new CHORUS_PROXY_SECRET, drops the old edge secret',
      true,
    );
    steps.push({
      id: 'end-rotation',
      secondHalf: true,
      title: 'Forget the old secrets in .deploy/secrets.env',
      secrets: withoutPrevious(secrets),
      lines: ['EDGE_PURGE_SECRET_PREVIOUS and CHORUS_PROXY_SECRET_PREVIOUS leave the file.'],
    });
    serverStep('final');
    steps.push({
      id: 'server-cleanup',
      secondHalf: true,
      title: 'Rotation 4/4: PocketBase restarts without the old proxy secret (on the server, by you, any time)',
      lines: [
        'Copy .deploy/server.env again and restart PocketBase: until then it also accepts the old',
        'CHORUS_PROXY_SECRET (the visitor-address header and proofs signed with it).',
      ],
    });
  } else {
    secretsStep('switch', 'Give the Worker its settings and secrets (only what changed since the last deploy)');
    serverStep('normal');
    steps.push({
      id: 'app-url',
      title: `Set PocketBase's Application URL to ${site}`,
      lines: applicationUrlLines(input),
    });
  }
  const doctorArgs = [site, '--pocketbase', pocketbase];
  steps.push({
    id: 'doctor',
    title: 'Check the deployment end to end',
    skipped: input.skipDoctor ? '--skip-doctor' : '',
    args: doctorArgs,
    lines: [
      `node tools/doctor.mjs ${doctorArgs.join(' ')}`,
      ...(input.credentials
        ? []
        : ['(needs PB_SUPERUSER_EMAIL and PB_SUPERUSER_PASSWORD; without them it is a to-do)']),
      "Its exit code is deploy's.",
    ],
  });
  return steps;
}

function withoutPrevious(secrets) {
  return { EDGE_PURGE_SECRET: secrets.EDGE_PURGE_SECRET, CHORUS_PROXY_SECRET: secrets.CHORUS_PROXY_SECRET };
}

function applicationUrlLines({ site, pocketbase, credentials }) {
  return [
    `PATCH ${pocketbase}/api/settings {"meta":{"appURL":"${site}"}} as PocketBase's superuser`,
    credentials
      ? '(PB_SUPERUSER_EMAIL and PB_SUPERUSER_PASSWORD are set; a PocketBase that does not answer leaves it a to-do)'
      : '(PB_SUPERUSER_EMAIL and PB_SUPERUSER_PASSWORD are not set: printed as a to-do)',
  ];
}

/** What the operator does on the server between the Worker's two updates of a rotation. */
export function rotationServerLines(pocketbase) {
  const [copy, restart] = copyCommands(pocketbase);
  return [
    'On the server, while the Worker accepts both edge secrets:',
    `  1. ${copy}`,
    `  2. Restart PocketBase (e.g. ${restart}).`,
    '     It then signs publishes with the new EDGE_PURGE_SECRET and trusts the visitor-address header and',
    '     proofs the Worker makes with the new or the old CHORUS_PROXY_SECRET.',
  ];
}
