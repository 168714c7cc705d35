// DKIM for tests (RFC 6376): a test key pair, its DNS TXT record, and a signer (rsa-sha256, relaxed/relaxed) for
// the messages tests send, so PocketBase verifies real signatures against the local DNS stand-in.
import { createHash, createSign, generateKeyPairSync, type KeyObject } from 'node:crypto';

export interface DkimKey {
  domain: string;
  selector: string;
  privateKey: KeyObject;
  /** Where the record is published, and the record. */
  recordName: string;
  record: string;
}

export function dkimKey(domain: string, selector = 's1'): DkimKey {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const der = publicKey.export({ type: 'spki', format: 'der' }).toString('base64');
  return {
    domain,
    selector,
    privateKey,
    recordName: `${selector}._domainkey.${domain}`,
    record: `v=DKIM1; k=rsa; p=${der}`,
  };
}

const relaxedHeader = (name: string, value: string) =>
  `${name.toLowerCase()}:${value
    .replace(/\r\n(?=[ \t])/g, '')
    .replace(/[ \t]+/g, ' ')
    .trim()}`;

function relaxedBody(body: string): string {
  const lines = body.split('\r\n').map((line) => line.replace(/[ \t]+/g, ' ').replace(/ $/, ''));
  while (lines.length > 0 && lines[lines.length - 1] === '') lines.pop();
  return lines.length === 0 ? '' : `${lines.join('\r\n')}\r\n`;
}

/** `raw` (CRLF line ends) with a DKIM-Signature header on top, signing the headers named in `signed`. */
export function dkimSign(raw: string, key: DkimKey, signed = ['from', 'to', 'subject', 'message-id']): string {
  const split = raw.indexOf('\r\n\r\n');
  const head = raw.slice(0, split);
  const body = raw.slice(split + 4);
  const fields = head.split(/\r\n(?![ \t])/).map((field) => {
    const colon = field.indexOf(':');
    return { name: field.slice(0, colon).trim(), value: field.slice(colon + 1) };
  });
  const present = signed.filter((name) => fields.some((field) => field.name.toLowerCase() === name));
  const bodyHash = createHash('sha256').update(relaxedBody(body)).digest('base64');
  const tags = `v=1; a=rsa-sha256; c=relaxed/relaxed; d=${key.domain}; s=${key.selector}; h=${present.join(':')}; bh=${bodyHash}; b=`;
  const canonical = [
    ...present.map((name) => {
      const field = [...fields].reverse().find((candidate) => candidate.name.toLowerCase() === name);
      return `${relaxedHeader(name, field?.value ?? '')}\r\n`;
    }),
    relaxedHeader('DKIM-Signature', tags),
  ].join('');
  const signature = createSign('RSA-SHA256').update(canonical).sign(key.privateKey, 'base64');
  return `DKIM-Signature: ${tags}${signature}\r\n${raw}`;
}
