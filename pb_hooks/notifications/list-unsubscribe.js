// One-click unsubscribe for bulk email (RFC 8058, required by large mailbox providers): every digest,
// notification and release email carries List-Unsubscribe with an HTTPS link that takes a POST without
// sign-in, and List-Unsubscribe-Post announcing it. The link's token says what to turn off; the route that
// answers it checks the token (a forged one changes nothing).

/** The headers for a message whose one-click unsubscribe link is `url` (absolute https/http URL). */
function listUnsubscribeHeaders(url) {
  return {
    'List-Unsubscribe': `<${url}>`,
    'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
  };
}

module.exports = { listUnsubscribeHeaders };
