// The local edge passes WebSocket upgrades (the /live sockets) through to the Worker as Cloudflare does,
// naming the visitor's address in CF-Connecting-IP (kept when the request already carries one, as for
// other requests), then pipes both ways.
import { connect } from 'node:net';

/** Handles `server`'s 'upgrade' events by replaying the handshake to the Worker on `originPort`. */
export function proxyUpgrades(server, originPort) {
  server.on('upgrade', (req, socket, head) => {
    const upstream = connect(originPort, '127.0.0.1');
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
}
