// A "fresh sign-in" for irreversible acts (deleting an account): PocketBase tokens carry no sign-in time, so
// the member proves themselves again (their password, or a code emailed to them now) and gets a signed token
// valid FIVE minutes, bound to their account and to its token key (a password change or a sign-out-everywhere
// kills it). Wrong attempts are counted per account (platform/limits.js 'fresh-signin').
const { refusalText, fieldRefusal } = require(`${__hooks}/platform/refusals.js`);

const FRESH_SECONDS = 300;
const PURPOSE = require(`${__hooks}/platform/contract/hook-hand-offs.js`).FRESH_SIGNIN_PURPOSE;

const keyOf = (user) => `${user.tokenKey()}${user.collection().authToken.secret}:${PURPOSE}`;

/** Checks the proof in `body` ({ password } or { otpId, code }) against `user`; throws a 400 when wrong. */
function checkProof(app, user, body) {
  const { spend, forgive } = require(`${__hooks}/platform/limits.js`);
  spend('fresh-signin', user.id);
  const password = typeof body.password === 'string' ? body.password : '';
  const otpId = typeof body.otpId === 'string' ? body.otpId : '';
  const code = typeof body.code === 'string' ? body.code : '';
  if (password) {
    if (password.length > 200 || !user.validatePassword(password)) {
      throw new BadRequestError(refusalText('freshSignInWrong'), {
        password: fieldRefusal('validation_fresh_signin', 'freshSignInWrong'),
      });
    }
  } else if (otpId && code) {
    let otp = null;
    try {
      otp = app.findOTPById(otpId);
    } catch {
      otp = null;
    }
    const ok =
      otp &&
      otp.recordRef() === user.id &&
      otp.collectionRef() === user.collection().id &&
      !otp.hasExpired(user.collection().otp.durationTime()) &&
      code.length <= 20 &&
      otp.validatePassword(code);
    if (!ok) {
      throw new BadRequestError(refusalText('freshSignInWrong'), {
        code: fieldRefusal('validation_fresh_signin', 'freshSignInWrong'),
      });
    }
    app.delete(otp); // a code proves once
  } else {
    throw new BadRequestError(refusalText('freshSignInNeeded'), {
      password: fieldRefusal('validation_fresh_signin', 'freshSignInNeeded'),
    });
  }
  forgive('fresh-signin', user.id);
}

/** A fresh-sign-in token for `user`, valid FRESH_SECONDS. */
function issueFreshToken(user) {
  return $security.createJWT({ id: user.id, purpose: PURPOSE }, keyOf(user), FRESH_SECONDS);
}

/** Does `token` prove a fresh sign-in of `user`? */
function isFreshToken(user, token) {
  if (typeof token !== 'string' || !token || token.length > 2000) return false;
  try {
    const claims = $security.parseJWT(token, keyOf(user));
    return claims.id === user.id && claims.purpose === PURPOSE;
  } catch {
    return false;
  }
}

/** Throws a 403 unless `token` proves a fresh sign-in of `user`. */
function requireFresh(user, token) {
  if (!isFreshToken(user, token)) throw new ForbiddenError(refusalText('freshSignInNeeded'));
}

module.exports = { FRESH_SECONDS, checkProof, issueFreshToken, isFreshToken, requireFresh };
