// One inbound-mail world per test file: a DNS stand-in holding the senders' SPF/DKIM/DMARC records, a mail
// catcher, a real PocketBase that receives mail for `domain`, and the real local SMTP listener in front of it.
import type PocketBase from 'pocketbase';
import { startDnsStandIn } from '../../tools/lib/dns-stand-in.mjs';
import { startInboundSmtp } from '../../tools/lib/inbound-smtp.mjs';
import { startMailCatcher } from '../../tools/lib/mail-catcher.mjs';
import { freePort } from '../../tools/lib/ports.mjs';
import { startTestPocketBase, type TestPocketBase } from './pocketbase';

export const INBOUND_DOMAIN = 'in.chorus.test';

/** A DNS name's records in the stand-in, e.g. { TXT: ['v=spf1 ip4:127.0.0.1 -all'] }. */
type DnsRecords = Record<string, { TXT?: string[]; A?: string[] }>;

export interface InboundMailWorld {
  pb: TestPocketBase;
  dns: Awaited<ReturnType<typeof startDnsStandIn>>;
  mail: Awaited<ReturnType<typeof startMailCatcher>>;
  inbound: Awaited<ReturnType<typeof startInboundSmtp>>;
  /** The address a board's new ideas are mailed to, as staff read it. */
  boardAddress(board: string): Promise<string>;
  stop(): Promise<void>;
}

/** Starts the world; `env` adds to PocketBase's environment (e.g. a Turnstile stand-in's address). */
export async function startInboundMailWorld({
  records,
  env = {},
}: {
  records: DnsRecords;
  env?: Record<string, string>;
}): Promise<InboundMailWorld> {
  const dns = await startDnsStandIn({ records });
  const mail = await startMailCatcher({ smtpPort: await freePort(), webPort: undefined });
  const pb = await startTestPocketBase({
    smtpPort: mail.smtpPort,
    appUrl: 'http://chorus.test',
    env: { CHORUS_INBOUND_DOMAIN: INBOUND_DOMAIN, CHORUS_DNS_SERVER: dns.address, ...env },
  });
  const inbound = await startInboundSmtp({ port: await freePort(), pbUrl: pb.url, proxySecret: pb.proxySecret });
  let staff: PocketBase | undefined;
  return {
    pb,
    dns,
    mail,
    inbound,
    async boardAddress(board) {
      staff ??= await pb.actor('moderator');
      const { boards } = await staff.send<{ boards: Record<string, string> }>(
        '/api/chorus/inbound-email/addresses',
        {},
      );
      return String(boards[board]);
    },
    async stop() {
      await inbound.close();
      await pb.stop();
      await mail.close();
      await dns.stop();
    },
  };
}
