// A plain SMTP client for tests: builds a MIME message (text, headers, base64 attachments) and speaks SMTP to a
// listener over a real socket, answering 'sent' or the reply code the server refused the message with.
import { connect } from 'node:net';

export interface OutgoingEmail {
  from: string;
  to: string;
  subject: string;
  text: string;
  headers?: Record<string, string>;
  attachments?: { filename: string; contentType: string; content: Buffer }[];
}

const wrap = (base64: string) => base64.replace(/.{1,76}/g, '$&\r\n');
const encodedWord = (text: string) =>
  /^[\x20-\x7e]*$/.test(text) ? text : `=?utf-8?B?${Buffer.from(text).toString('base64')}?=`;

/** The raw RFC 5322 message. */
export function mimeMessage(email: OutgoingEmail): string {
  const head = [
    `From: ${email.from}`,
    `To: ${email.to}`,
    `Subject: ${encodedWord(email.subject)}`,
    `Message-ID: <${Math.random().toString(36).slice(2)}@test.local>`,
    'MIME-Version: 1.0',
    ...Object.entries(email.headers ?? {}).map(([name, value]) => `${name}: ${value}`),
  ];
  const text = `Content-Type: text/plain; charset=utf-8\r\nContent-Transfer-Encoding: base64\r\n\r\n${wrap(Buffer.from(email.text).toString('base64'))}`;
  if (!email.attachments?.length) return `${head.join('\r\n')}\r\n${text}`;
  const boundary = `b-${Math.random().toString(36).slice(2)}`;
  const parts = [
    text,
    ...email.attachments.map(
      (file) =>
        `Content-Type: ${file.contentType}; name="${file.filename}"\r\nContent-Disposition: attachment; filename="${file.filename}"\r\n` +
        `Content-Transfer-Encoding: base64\r\n\r\n${wrap(file.content.toString('base64'))}`,
    ),
  ];
  return `${head.join('\r\n')}\r\nContent-Type: multipart/mixed; boundary="${boundary}"\r\n\r\n${parts.map((part) => `--${boundary}\r\n${part}`).join('\r\n')}\r\n--${boundary}--\r\n`;
}

/** Sends `email` (envelope from its From address, to its To address): 'sent', or the code it was refused with. */
export function sendEmail(port: number, email: OutgoingEmail): Promise<'sent' | number> {
  const envelopeFrom = /<([^>]+)>/.exec(email.from)?.[1] ?? email.from;
  return sendRaw(port, envelopeFrom, email.to, mimeMessage(email));
}

/** Sends a raw message as it is: 'sent', or the code it was refused with. */
export function sendRaw(port: number, envelopeFrom: string, to: string, raw: string): Promise<'sent' | number> {
  const commands = [`EHLO test.local`, `MAIL FROM:<${envelopeFrom}>`, `RCPT TO:<${to}>`, 'DATA'];
  const body = `${raw.replace(/^\./gm, '..')}\r\n.`;
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    let buffer = '';
    let step = -1; // -1: waiting for the greeting
    const finish = (result: 'sent' | number) => {
      socket.end('QUIT\r\n');
      resolve(result);
    };
    socket.setEncoding('utf8');
    socket.on('error', reject);
    socket.on('data', (chunk: string) => {
      buffer += chunk;
      const lines = buffer.split('\r\n');
      const last = lines.findLast((line) => /^\d{3} /.test(line));
      if (!last) return;
      buffer = '';
      const code = Number(last.slice(0, 3));
      if (code >= 400) return finish(code);
      step++;
      if (step < commands.length) socket.write(`${commands[step]}\r\n`);
      else if (step === commands.length) socket.write(`${body}\r\n`);
      else finish('sent');
    });
  });
}
