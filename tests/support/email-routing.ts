// A ForwardableEmailMessage as Cloudflare Email Routing hands one to the Worker's email() handler: the envelope,
// the raw stream and its size, and a record of what setReject was told (src/features/inbound-email/email-handler.ts).
export function routedMessage(from: string, to: string, raw: string, rawSize = Buffer.byteLength(raw)) {
  const message = {
    from,
    to,
    raw: new Response(raw).body as ReadableStream<Uint8Array>,
    rawSize,
    rejected: '',
    setReject(reason: string) {
      message.rejected = reason;
    },
  };
  return message;
}
