// Per-target limits PocketBase's IP rate limiter cannot express: fixed-window counters in the app store,
// keyed by account, recipient address or member, so one abuser is throttled wherever they connect from.
const { refusalText } = require(`${__hooks}/lib/refusals.js`);
const PREFIX = 'chorus:limit:';
const TOO_MANY = refusalText('tooManyAttempts');

/** The numbers: how many per window (seconds). A real person never reaches them. */
const LIMITS = {
  // sign-in attempts per account (a success starts over)
  password: { max: 10, window: 600 },
  // emails per recipient address, per kind
  otp: { max: 5, window: 900 },
  'password-reset': { max: 5, window: 900 },
  verification: { max: 5, window: 900 },
  'email-change': { max: 5, window: 900 },
  // records created per member, per collection
  posts: { max: 20, window: 600 },
  comments: { max: 40, window: 600 },
  votes: { max: 200, window: 600 },
  reactions: { max: 200, window: 600 },
  subscriptions: { max: 200, window: 600 },
};

/** Counts one attempt against `name`/`who`; throws a 429 when the window's allowance is spent. */
function spend(name, who) {
  const limit = LIMITS[name];
  if (!limit || !who) return;
  const key = `${PREFIX}${name}:${String(who).toLowerCase()}`;
  const now = Math.floor(Date.now() / 1000);
  let count = 0;
  // SetFunc runs under the store's lock, so parallel requests cannot all slip through.
  $app.store().setFunc(key, (old) => {
    const [start, used] = String(old || '0:0')
      .split(':')
      .map(Number);
    const fresh = now - start >= limit.window;
    count = fresh ? 1 : used + 1;
    return `${fresh ? now : start}:${count}:${limit.window}`;
  });
  if (count > limit.max) throw new TooManyRequestsError(TOO_MANY, {});
}

/** Forgets the attempts counted against `name`/`who` (a correct password, say). */
function forgive(name, who) {
  $app.store().remove(`${PREFIX}${name}:${String(who).toLowerCase()}`);
}

/** Drops the counters whose window has ended, so the store does not grow with every address tried. */
function dropExpired() {
  const now = Math.floor(Date.now() / 1000);
  const all = $app.store().getAll();
  for (const key in all) {
    if (key.indexOf(PREFIX) !== 0) continue;
    const [start, , window] = String(all[key]).split(':').map(Number);
    if (now - start >= window) $app.store().remove(key);
  }
}

module.exports = { spend, forgive, dropExpired, LIMITS, TOO_MANY };
