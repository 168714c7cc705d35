// The local stack survives its parts: the mail catcher outlives a TCP reset mid-SMTP, and a PocketBase
// killed with SIGKILL is started again by its supervisor, which says what happened.
import { mkdtempSync, rmSync } from 'node:fs';
import { connect, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startMailCatcher } from '../../../tools/lib/mail-catcher.mjs';
import { supervisePocketBase } from '../../../tools/lib/pocketbase-supervisor.mjs';
import { freePort } from '../../../tools/lib/ports.mjs';

const cleanups: (() => Promise<unknown>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

/** Talks SMTP line by line: resolves with the server's reply to each line. */
async function smtpSession(port: number) {
  const socket: Socket = connect(port, '127.0.0.1');
  let buffer = '';
  let waiting: ((reply: string) => void) | undefined;
  socket.on('data', (chunk) => {
    buffer += chunk;
    if (waiting && /^\d{3} [^\n]*\r\n$/m.test(buffer)) {
      const reply = buffer;
      buffer = '';
      waiting(reply);
    }
  });
  const reply = () => new Promise<string>((resolvePromise) => (waiting = resolvePromise));
  const send = async (line: string) => {
    const next = reply();
    socket.write(`${line}\r\n`);
    return next;
  };
  expect(await reply()).toMatch(/^220 /);
  return { socket, send };
}

describe('mail catcher', () => {
  it('keeps running after a client resets the connection mid-message, and takes the next email', async () => {
    const mail = await startMailCatcher({ smtpPort: await freePort() });
    cleanups.push(() => mail.close());

    const broken = await smtpSession(mail.smtpPort);
    await broken.send('EHLO broken.test');
    await broken.send('MAIL FROM:<chorus@chorus.test>');
    await broken.send('RCPT TO:<lost@chorus.test>');
    expect(await broken.send('DATA')).toMatch(/^354 /);
    broken.socket.write('Subject: cut short\r\n\r\nhalf a mess');
    await new Promise((r) => setTimeout(r, 50));
    broken.socket.resetAndDestroy(); // a TCP RST, as when PocketBase is killed while sending
    await new Promise((r) => setTimeout(r, 200));

    const good = await smtpSession(mail.smtpPort);
    await good.send('EHLO good.test');
    await good.send('MAIL FROM:<chorus@chorus.test>');
    await good.send('RCPT TO:<kept@chorus.test>');
    await good.send('DATA');
    expect(await good.send('Subject: still here\r\nTo: kept@chorus.test\r\n\r\nHello.\r\n.')).toMatch(/^250 /);
    good.socket.end();
    const message = await mail.waitFor((m: { to: string }) => m.to.includes('kept@chorus.test'), 5000);
    expect(message.subject).toBe('still here');
    expect(mail.messages.map((m) => m.subject)).toEqual(['still here']);
  });
});

describe('PocketBase supervisor', () => {
  it('restarts PocketBase after a SIGKILL and reports it, and stays down when stopped on purpose', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'chorus-supervised-'));
    const lines: string[] = [];
    const pocketbase = await supervisePocketBase({ dataDir, port: await freePort() }, (line) => lines.push(line));
    cleanups.push(async () => {
      await pocketbase.stop();
      rmSync(dataDir, { recursive: true, force: true });
    });
    const health = () =>
      fetch(`${pocketbase.url}/api/health`).then(
        (r) => r.status,
        () => 0,
      );
    expect(await health()).toBe(200);
    const killed = pocketbase.current().process;
    killed.kill('SIGKILL');

    const deadline = Date.now() + 30_000;
    while (Date.now() < deadline && !(pocketbase.current().process !== killed && (await health()) === 200)) {
      await new Promise((r) => setTimeout(r, 100));
    }
    expect(await health()).toBe(200);
    expect(lines).toEqual([
      'PocketBase stopped unexpectedly (signal SIGKILL); restarting it…',
      `PocketBase is back at ${pocketbase.url}.`,
    ]);

    await pocketbase.stop();
    await new Promise((r) => setTimeout(r, 1500));
    expect(await health()).toBe(0);
    expect(lines).toHaveLength(2);
  });
});
