// A local DNS stand-in for the tests of inbound mail authentication (issue 55): a real UDP server speaking DNS
// (RFC 1035) that answers TXT and A records from a table, so PocketBase (CHORUS_DNS_SERVER) looks up DKIM keys,
// SPF and DMARC records as it would on the internet. Unknown names answer NXDOMAIN; known names with no record of
// the type asked answer empty (NOERROR). Checked against Go's resolver, the one that asks it.
import { createSocket } from 'node:dgram';

const TYPES = { A: 1, TXT: 16 };
const CLASS_IN = 1;

/** Reads the question's name and type from a query; null when it is no query this server can read. */
function readQuestion(query) {
  if (query.length < 12 || query.readUInt16BE(4) < 1) return null;
  const labels = [];
  let at = 12;
  while (at < query.length) {
    const length = query[at];
    if (length === 0) break;
    if (length > 63 || at + 1 + length > query.length) return null;
    labels.push(query.subarray(at + 1, at + 1 + length).toString('latin1'));
    at += 1 + length;
  }
  if (at + 5 > query.length) return null;
  return { name: labels.join('.').toLowerCase(), type: query.readUInt16BE(at + 1), end: at + 5 };
}

/** One TXT record's data: its text in character-strings of at most 255 bytes. */
function txtData(text) {
  const bytes = Buffer.from(text);
  const parts = [];
  for (let i = 0; i < bytes.length || i === 0; i += 255) {
    const chunk = bytes.subarray(i, i + 255);
    parts.push(Buffer.from([chunk.length]), chunk);
  }
  return Buffer.concat(parts);
}

function answer(type, value) {
  const data = type === TYPES.TXT ? txtData(value) : Buffer.from(value.split('.').map(Number));
  const head = Buffer.alloc(12);
  head.writeUInt16BE(0xc00c, 0); // the question's name
  head.writeUInt16BE(type, 2);
  head.writeUInt16BE(CLASS_IN, 4);
  head.writeUInt32BE(60, 6);
  head.writeUInt16BE(data.length, 10);
  return Buffer.concat([head, data]);
}

/**
 * Starts the server on 127.0.0.1 (a free port unless given). `records` maps a name to { TXT: [...], A: [...] };
 * `set(name, records)` changes one while it runs. Answers `.address` ("127.0.0.1:port") and `stop()`.
 * @param {{ records?: Record<string, { TXT?: string[], A?: string[] }>, port?: number }} [options]
 */
export async function startDnsStandIn({ records = {}, port = 0 } = {}) {
  const table = new Map(Object.entries(records).map(([name, value]) => [name.toLowerCase(), value]));
  const socket = createSocket('udp4');
  socket.on('message', (query, peer) => {
    const question = readQuestion(query);
    if (!question) return;
    const entry = table.get(question.name.replace(/\.$/, ''));
    const typeName = Object.keys(TYPES).find((key) => TYPES[key] === question.type);
    const values = entry && typeName ? (entry[typeName] ?? []) : [];
    const head = Buffer.from(query.subarray(0, 12));
    const recursionDesired = query[2] & 0x01;
    head[2] = 0x84 | recursionDesired; // a response, authoritative
    head[3] = 0x80 | (entry ? 0 : 3); // recursion available; NXDOMAIN for an unknown name
    head.writeUInt16BE(1, 4);
    head.writeUInt16BE(values.length, 6);
    head.writeUInt16BE(0, 8);
    head.writeUInt16BE(0, 10);
    const reply = Buffer.concat([
      head,
      query.subarray(12, question.end),
      ...values.map((value) => answer(question.type, value)),
    ]);
    socket.send(reply, peer.port, peer.address);
  });
  await new Promise((resolve, reject) => {
    socket.once('error', reject);
    socket.bind(port, '127.0.0.1', () => resolve(undefined));
  });
  const bound = socket.address().port;
  return {
    address: `127.0.0.1:${bound}`,
    port: bound,
    /** @param {string} name @param {{ TXT?: string[], A?: string[] }} value */
    set(name, value) {
      table.set(name.toLowerCase(), value);
    },
    stop: () => new Promise((resolve) => socket.close(() => resolve(undefined))),
  };
}
