/// <reference path="../../pb_data/types.d.ts" />
// POST /api/chorus/sso { token } — signs a person in with an identify token from the team's app
// (pb_hooks/sso/sso.js checks it). Links the member by the app's user id, or creates them; never
// signs in a staff account and never takes over an email another app user owns. Answers like any
// PocketBase sign-in ({ token, record }); a refusal answers { status, code, message } (in the request's
// language) and is logged.
routerAdd(
  'POST',
  '/api/chorus/sso',
  (e) => {
    const { SsoRefusal, verifyIdentifyToken, readPerson, replayKey, refusalMessage } = require(`${__hooks}/sso/sso.js`);
    const { linkMember } = require(`${__hooks}/sso/sso-members.js`);
    const { readCustomer, applyCustomer } = require(`${__hooks}/sso/sso-customer.js`);
    const token = String(e.requestInfo().body.token || '');
    let person = null;
    try {
      const settings = e.app.findFirstRecordByFilter('widget_settings', '1 = 1');
      if (!settings.getBool('sso_enabled')) throw new SsoRefusal('sso_disabled', 403, 'SSO is disabled');
      const secret = e.app.findFirstRecordByFilter('sso_secrets', '1 = 1').getString('secret');
      const now = Math.floor(Date.now() / 1000);
      const claims = verifyIdentifyToken(token, secret, now);
      person = readPerson(claims);
      // Checked whole before anything is written: a bad company or attributes refuse the sign-in.
      const customer = readCustomer(claims);
      const key = replayKey(claims, token);
      const wasUsed = (app, jti) => {
        try {
          app.findFirstRecordByFilter('sso_used_tokens', 'jti = {:jti}', { jti });
          return true;
        } catch {
          return false;
        }
      };
      let member;
      let refusal = null;
      // A refusal inside the transaction is kept (errors crossing into Go lose their class); what was
      // written before it still commits.
      e.app.runInTransaction((txApp) => {
        try {
          txApp
            .db()
            .newQuery('DELETE FROM sso_used_tokens WHERE expires_at < {:now}')
            .bind({ now: require(`${__hooks}/platform/dates.js`).dateString() })
            .execute();
          if (wasUsed(txApp, key)) throw new SsoRefusal('replayed', 401, key);
          // Burned first: a token refused below cannot be tried again either.
          const used = new Record(txApp.findCachedCollectionByNameOrId('sso_used_tokens'));
          used.set('jti', key);
          used.set('expires_at', new Date(Number(claims.exp) * 1000).toISOString());
          try {
            txApp.save(used);
          } catch {
            throw new SsoRefusal('replayed', 401, key);
          }
          member = linkMember(txApp, person);
          applyCustomer(txApp, member, customer);
        } catch (error) {
          if (!(error instanceof SsoRefusal)) throw error;
          refusal = error;
        }
      });
      if (refusal) throw refusal;
      e.app.logger().info('SSO sign-in', 'member', member.id, 'externalId', person.externalId);
      return $apis.recordAuthResponse(e, member, 'sso', null);
    } catch (error) {
      if (!(error instanceof SsoRefusal)) throw error;
      e.app
        .logger()
        .warn(
          'SSO refused',
          'code',
          error.code,
          'detail',
          error.detail,
          'externalId',
          person ? person.externalId : '',
          'ip',
          e.realIP(),
        );
      const { requestLocale } = require(`${__hooks}/platform/i18n.js`);
      const message = refusalMessage(error.code, requestLocale(e));
      return e.json(error.status, { status: error.status, code: error.code, message, data: {} });
    }
  },
  require(`${__hooks}/platform/refusals.js`).inRequestLanguage,
);

// The app's picture (users.avatar_url) is written by single sign-on only: a client setting it could show
// any address's image, or a tracking pixel, beside their name.
for (const register of [onRecordCreateRequest, onRecordUpdateRequest]) {
  register(
    (e) =>
      require(`${__hooks}/platform/refusals.js`).inRequestLanguage(e, (e) => {
        if (e.requestInfo().body.avatar_url !== undefined && !e.hasSuperuserAuth()) {
          const { refusalText } = require(`${__hooks}/platform/refusals.js`);
          throw new ForbiddenError(refusalText('avatarUrlFromApp'));
        }
        e.next();
      }),
    'users',
  );
}
