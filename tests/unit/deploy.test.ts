// `npm run deploy`'s pieces without Cloudflare: secrets made once from a random source and reused, written
// 0600 in a 0700 folder and masked when printed; fingerprints that send the Worker only what changed; the
// addresses it accepts; and a rotation's order, checked step by step so neither side ever refuses the other.
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { UsageError } from '../../tools/lib/cli.mjs';
import {
  planDeploy,
  pocketBaseAddress,
  serverEnvEntries,
  shown,
  siteAddress,
  workerFor,
  workerSecrets,
} from '../../tools/lib/deploy/plan.mjs';
import {
  endRotation,
  ensureSecrets,
  isRotating,
  mask,
  newSecret,
  readSecretsFile,
  rotateSecrets,
  type Secrets,
  secretsFileText,
  writePrivateFile,
} from '../../tools/lib/deploy/secrets.mjs';
import {
  afterSending,
  type DeployState,
  emptyState,
  fingerprint,
  readState,
  workerChanges,
  writeState,
} from '../../tools/lib/deploy/state.mjs';

const folder = mkdtempSync(join(tmpdir(), 'chorus-deploy-unit-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

const modeOf = (path: string) => statSync(path).mode & 0o777;
const HEX64 = /^[0-9a-f]{64}$/;
const SITE = 'https://feedback.example.com';
const PB = 'https://pb.example.com';

describe('the shared secrets', () => {
  it('are made from a random source, 64 hex digits each, never twice the same', () => {
    const many = Array.from({ length: 200 }, newSecret);
    for (const secret of many) expect(secret).toMatch(HEX64);
    expect(new Set(many).size).toBe(many.length);
    const { secrets, made } = ensureSecrets();
    expect(made).toEqual(['EDGE_PURGE_SECRET', 'CHORUS_PROXY_SECRET']);
    expect(secrets.EDGE_PURGE_SECRET).not.toBe(secrets.CHORUS_PROXY_SECRET);
  });

  it('are reused once kept: a later deploy reads them back and makes none', () => {
    const file = join(folder, 'reuse', '.deploy', 'secrets.env');
    const first = ensureSecrets(readSecretsFile(file) ?? {});
    expect(first.made).toHaveLength(2);
    writePrivateFile(file, secretsFileText(first.secrets));
    const again = ensureSecrets(readSecretsFile(file) ?? {});
    expect(again.made).toEqual([]);
    expect(again.secrets).toEqual(first.secrets);
    // A file missing one of them gets only that one new.
    writeFileSync(file, `EDGE_PURGE_SECRET=${first.secrets.EDGE_PURGE_SECRET}\n`);
    const partial = ensureSecrets(readSecretsFile(file) ?? {});
    expect(partial.made).toEqual(['CHORUS_PROXY_SECRET']);
    expect(partial.secrets.EDGE_PURGE_SECRET).toBe(first.secrets.EDGE_PURGE_SECRET);
  });

  it('are written readable by their owner only (0600) in a folder only they can enter (0700), even over a wider file', () => {
    const dir = join(folder, 'modes', '.deploy');
    mkdirSync(dir, { recursive: true, mode: 0o755 });
    chmodSync(dir, 0o755);
    const file = join(dir, 'secrets.env');
    writeFileSync(file, 'old', { mode: 0o644 });
    chmodSync(file, 0o644);
    writePrivateFile(file, secretsFileText(ensureSecrets().secrets));
    expect(modeOf(file)).toBe(0o600);
    expect(modeOf(dir)).toBe(0o700);
    const fresh = join(folder, 'modes-fresh', '.deploy', 'server.env');
    writePrivateFile(fresh, 'GOGC=400\n');
    expect(modeOf(fresh)).toBe(0o600);
    expect(modeOf(join(folder, 'modes-fresh', '.deploy'))).toBe(0o700);
  });

  it('are printed as their first 4 characters and an ellipsis, and settings in full', () => {
    expect(mask('0123456789abcdef')).toBe('0123…');
    const secret = newSecret();
    expect(shown('EDGE_PURGE_SECRET', secret)).toBe(`EDGE_PURGE_SECRET=${secret.slice(0, 4)}…`);
    expect(shown('CHORUS_PROXY_SECRET_PREVIOUS', secret)).not.toContain(secret.slice(4));
    expect(shown('PB_URL', PB)).toBe(`PB_URL=${PB}`);
    expect(shown('EDGE_PURGE_SECRET_PREVIOUS', null)).toBe('EDGE_PURGE_SECRET_PREVIOUS (removed)');
  });
});

describe('fingerprints: only what changed goes to the Worker', () => {
  const secrets = ensureSecrets().secrets;
  const wanted = workerSecrets({ site: SITE, pocketbase: PB, secrets, phase: 'switch' });

  it('a first deploy sends every value, a second one nothing', () => {
    const first = workerChanges(wanted, {});
    expect(first.payload).toEqual({
      PB_URL: PB,
      SITE_URL: SITE,
      EDGE_PURGE_SECRET: secrets.EDGE_PURGE_SECRET,
      CHORUS_PROXY_SECRET: secrets.CHORUS_PROXY_SECRET,
    });
    const given = afterSending({}, first.payload);
    expect(workerChanges(wanted, given)).toEqual({
      payload: {},
      unchanged: ['PB_URL', 'SITE_URL', 'EDGE_PURGE_SECRET', 'CHORUS_PROXY_SECRET'],
    });
  });

  it('a changed value goes alone; a name the Worker must no longer hold is removed only if it was given', () => {
    const given = afterSending({}, workerChanges(wanted, {}).payload);
    const moved = workerSecrets({ site: 'https://ideas.example.com', pocketbase: PB, secrets, phase: 'switch' });
    expect(workerChanges(moved, given).payload).toEqual({ SITE_URL: 'https://ideas.example.com' });
    const split = workerSecrets({
      site: SITE,
      pocketbase: PB,
      pocketbaseInternal: 'https://pb.internal.example.com',
      secrets,
      phase: 'switch',
    });
    const withPublic = workerChanges(split, given).payload;
    expect(withPublic).toEqual({ PB_URL: 'https://pb.internal.example.com', PUBLIC_PB_URL: PB });
    expect(workerChanges(wanted, afterSending(given, withPublic)).payload).toEqual({ PB_URL: PB, PUBLIC_PB_URL: null });
  });

  it('keeps fingerprints, never values, and binds each to its name', () => {
    const given = afterSending({}, workerChanges(wanted, {}).payload);
    const file = join(folder, 'state', '.deploy', 'state.json');
    const state: DeployState = { ...emptyState(), given: { chorus: given } };
    writeState(file, state);
    const text = readFileSync(file, 'utf8');
    expect(modeOf(file)).toBe(0o600);
    for (const value of [secrets.EDGE_PURGE_SECRET, secrets.CHORUS_PROXY_SECRET]) {
      expect(text).not.toContain(value);
      expect(text).not.toContain(value.slice(0, 16));
    }
    expect(readState(file)).toEqual(state);
    expect(fingerprint('EDGE_PURGE_SECRET', 'x')).not.toBe(fingerprint('CHORUS_PROXY_SECRET', 'x'));
    expect(fingerprint('EDGE_PURGE_SECRET', 'x')).toMatch(HEX64);
  });
});

describe('addresses and names', () => {
  const refused = (call: () => unknown, message: RegExp) => {
    expect(call).toThrow(UsageError);
    expect(call).toThrow(message);
  };

  it('takes the site as an https origin and PocketBase as https (http only on this machine)', () => {
    expect(siteAddress('https://feedback.example.com/')).toBe(SITE);
    expect(pocketBaseAddress('https://pb.example.com/')).toBe(PB);
    expect(pocketBaseAddress('https://example.com/pb/')).toBe('https://example.com/pb');
    expect(pocketBaseAddress('http://127.0.0.1:8090')).toBe('http://127.0.0.1:8090');
    refused(() => siteAddress('feedback.example.com'), /is not an address/);
    refused(() => siteAddress('http://feedback.example.com'), /https:\/\//);
    refused(() => siteAddress('http://127.0.0.1:4321'), /https:\/\//);
    refused(() => siteAddress('https://feedback.example.com/board'), /without a path/);
    refused(() => pocketBaseAddress('http://pb.example.com'), /https:\/\/.*secrets travel/);
    refused(() => pocketBaseAddress('https://pb.example.com/?x=1'), /plain address/);
  });

  it("names the Worker after a workers.dev address, else wrangler.toml's name with the host as a custom domain", () => {
    expect(workerFor({ site: SITE, configured: 'chorus' })).toEqual({
      worker: 'chorus',
      domain: 'feedback.example.com',
    });
    expect(workerFor({ site: SITE, name: 'chorus-eu', configured: 'chorus' })).toEqual({
      worker: 'chorus-eu',
      domain: 'feedback.example.com',
    });
    expect(workerFor({ site: 'https://ideas.acme.workers.dev', configured: 'chorus' })).toEqual({
      worker: 'ideas',
      domain: null,
    });
    refused(
      () => workerFor({ site: 'https://ideas.acme.workers.dev', name: 'chorus', configured: 'chorus' }),
      /--name ideas/,
    );
    refused(() => workerFor({ site: SITE, name: 'Chorus_1', configured: 'chorus' }), /not a Worker name/);
  });
});

describe('--rotate-secrets', () => {
  const before = ensureSecrets().secrets;
  const rotating = rotateSecrets(before) as Secrets;
  /** The state after a normal deploy with `before`. */
  const deployed: DeployState = {
    ...emptyState(),
    given: {
      chorus: afterSending(
        {},
        workerChanges(workerSecrets({ site: SITE, pocketbase: PB, secrets: before, phase: 'switch' }), {}).payload,
      ),
    },
  };
  const steps = planDeploy({
    site: SITE,
    pocketbase: PB,
    worker: 'chorus',
    domain: 'feedback.example.com',
    secrets: rotating,
    secretsNote: 'Rotated',
    state: deployed,
    credentials: false,
  });
  type Step = { id: string; phase?: string; stage?: string; payload?: unknown; entries?: Record<string, unknown> };
  const plan = steps as Step[];
  const stepsOf = (id: string) => plan.filter((step) => step.id === id);

  it('makes new secrets and keeps the old ones until it ends; one rotation at a time', () => {
    expect(rotating.EDGE_PURGE_SECRET).toMatch(HEX64);
    expect(rotating.EDGE_PURGE_SECRET).not.toBe(before.EDGE_PURGE_SECRET);
    expect(rotating.CHORUS_PROXY_SECRET).not.toBe(before.CHORUS_PROXY_SECRET);
    expect(rotating.EDGE_PURGE_SECRET_PREVIOUS).toBe(before.EDGE_PURGE_SECRET);
    expect(rotating.CHORUS_PROXY_SECRET_PREVIOUS).toBe(before.CHORUS_PROXY_SECRET);
    expect(isRotating(rotating)).toBe(true);
    expect(() => rotateSecrets(rotating)).toThrow(/already/);
    expect(endRotation(rotating)).toEqual({
      EDGE_PURGE_SECRET: rotating.EDGE_PURGE_SECRET,
      CHORUS_PROXY_SECRET: rotating.CHORUS_PROXY_SECRET,
    });
  });

  it('orders the steps: the Worker accepts both, PocketBase restarts, the Worker switches, PocketBase drops the old', () => {
    expect(plan.map((step) => [step.id, step.phase ?? step.stage ?? ''])).toEqual([
      ['login', ''],
      ['build', ''],
      ['secrets-file', ''],
      ['deploy', ''],
      ['worker-secrets', 'accept'],
      ['server-env', 'rotation'],
      ['app-url', ''],
      ['wait-server', ''],
      ['worker-secrets', 'switch'],
      ['end-rotation', ''],
      ['server-env', 'final'],
      ['server-cleanup', ''],
      ['doctor', ''],
    ]);
    const [accept, change] = stepsOf('worker-secrets');
    expect(accept?.payload).toEqual({
      EDGE_PURGE_SECRET: rotating.EDGE_PURGE_SECRET,
      EDGE_PURGE_SECRET_PREVIOUS: before.EDGE_PURGE_SECRET,
    });
    expect(change?.payload).toEqual({
      CHORUS_PROXY_SECRET: rotating.CHORUS_PROXY_SECRET,
      EDGE_PURGE_SECRET_PREVIOUS: null,
    });
    const [during, after] = stepsOf('server-env');
    expect(during?.entries).toMatchObject({
      EDGE_URL: SITE,
      EDGE_PURGE_SECRET: rotating.EDGE_PURGE_SECRET,
      CHORUS_PROXY_SECRET: rotating.CHORUS_PROXY_SECRET,
      CHORUS_PROXY_SECRET_PREVIOUS: before.CHORUS_PROXY_SECRET,
      GOGC: '400',
    });
    expect(after?.entries?.CHORUS_PROXY_SECRET_PREVIOUS).toBeUndefined();
    expect(stepsOf('wait-server')[0]).toMatchObject({ proxySecret: rotating.CHORUS_PROXY_SECRET });
  });

  it('never leaves the two sides refusing each other, at any moment of the order', () => {
    // What each side holds after each step, in order; PocketBase changes only when the operator restarts it.
    const worker0 = workerSecrets({ site: SITE, pocketbase: PB, secrets: before, phase: 'switch' });
    const worker1 = workerSecrets({ site: SITE, pocketbase: PB, secrets: rotating, phase: 'accept' });
    const worker2 = workerSecrets({ site: SITE, pocketbase: PB, secrets: rotating, phase: 'switch' });
    const server0 = serverEnvEntries({ site: SITE, secrets: before });
    const server1 = serverEnvEntries({ site: SITE, secrets: rotating });
    const server2 = serverEnvEntries({ site: SITE, secrets: endRotation(rotating) });
    const moments = [
      [worker0, server0],
      [worker1, server0],
      [worker1, server1],
      [worker2, server1],
      [worker2, server2],
    ] as const;
    for (const [worker, server] of moments) {
      // PocketBase signs publishes with its EDGE_PURGE_SECRET: the Worker takes its own or the previous one.
      expect([worker.EDGE_PURGE_SECRET, worker.EDGE_PURGE_SECRET_PREVIOUS]).toContain(server.EDGE_PURGE_SECRET);
      // The Worker names visitors and signs proofs with its CHORUS_PROXY_SECRET: PocketBase trusts its own or the previous.
      expect([server.CHORUS_PROXY_SECRET, server.CHORUS_PROXY_SECRET_PREVIOUS]).toContain(worker.CHORUS_PROXY_SECRET);
    }
    // And at the end nothing old is accepted anywhere.
    expect(worker2.EDGE_PURGE_SECRET_PREVIOUS).toBeNull();
    expect(server2.CHORUS_PROXY_SECRET_PREVIOUS).toBeUndefined();
  });

  it('prints every step with the secrets masked', () => {
    const printed = steps.flatMap((step) => [step.title, ...step.lines]).join('\n');
    for (const value of Object.values(rotating)) {
      expect(printed).not.toContain(value);
      expect(printed).not.toContain(value.slice(0, 8));
    }
    expect(printed).toContain(`EDGE_PURGE_SECRET=${rotating.EDGE_PURGE_SECRET.slice(0, 4)}…`);
    expect(printed).toContain(`CHORUS_PROXY_SECRET_PREVIOUS=${before.CHORUS_PROXY_SECRET.slice(0, 4)}…`);
    expect(printed).toContain('scp -p .deploy/server.env root@pb.example.com:/etc/chorus/deploy.env');
  });
});
