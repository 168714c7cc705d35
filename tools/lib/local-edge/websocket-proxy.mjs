// The local edge passes WebSocket upgrades (the /live sockets) through to the Worker as Cloudflare does,
// naming the visitor's address in CF-Connecting-IP (kept when the request already carries one, as for
// other requests), then pipes both ways.
import { connect } from 'node:net';

/**
 * Handles `server`'s 'upgrade' events by replaying the handshake to the Worker on `originPort`. Returns a
 * function that drops every open socket (the server's close() would otherwise wait for them).
 */
export function proxyUpgrades(server, originPort) {
  const open = new Set();
  server.on('upgrade', (req, socket, head) => {
    const upstream = connect(originPort, '127.0.0.1');
    open.add(socket);
    socket.once('close', () => open.delete(socket));
    const headers = {
      ...req.headers,
      'cf-connecting-ip': req.headers['cf-connecting-ip'] ?? socket.remoteAddress?.replace(/^::ffff:/, ''),
    };
    const lines = [`${req.method} ${req.url} HTTP/1.1`];
    for (const [name, value] of Object.entries(headers)) {
      for (const one of Array.isArray(value) ? value : [value]) lines.push(`${name}: ${one}`);
    }
    upstream.once('connect', () => {
      upstream.write(`${lines.join('\r\n')}\r\n\r\n`);
      if (head?.length) upstream.write(head);
      upstream.pipe(socket);
      socket.pipe(upstream);
    });
    const end = () => {
      upstream.destroy();
      socket.destroy();
    };
    upstream.once('error', end);
    socket.once('error', end);
    upstream.once('close', end);
    socket.once('close', end);
  });
  return () => {
    for (const socket of open) socket.destroy();
  };
}
