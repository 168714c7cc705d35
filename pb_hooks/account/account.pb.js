/// <reference path="../../pb_data/types.d.ts" />
// A member's own data and account (GDPR art. 15, 17, 20), and an admin running both on a member's request:
// POST /api/chorus/me/fresh { password } | { otpId, code } → { token, expires_in }: a fresh sign-in (account/fresh-signin.js)
// GET  /api/chorus/me/export → { document, files }: everything held about oneself (3 per hour per member)
// POST /api/chorus/me/delete { fresh } → { id }: erases one's account (account/account-deletion.js)
// GET  /api/chorus/members/{id}/export, POST /api/chorus/members/{id}/delete { fresh: the admin's own }:
//      admins only, each recorded in the audit log ('member.export', 'member.delete').
// Blocked members keep both rights (the law does not depend on behaviour); an erased account signs in no more.

routerAdd(
  'POST',
  '/api/chorus/me/fresh',
  (e) => {
    const { checkProof, issueFreshToken, FRESH_SECONDS } = require(`${__hooks}/account/fresh-signin.js`);
    const user = e.app.findRecordById('users', e.auth.id);
    checkProof(e.app, user, e.requestInfo().body || {});
    return e.json(200, { token: issueFreshToken(user), expires_in: FRESH_SECONDS });
  },
  ...require(`${__hooks}/platform/route-guards.js`).SIGNED_IN,
);

routerAdd(
  'GET',
  '/api/chorus/me/export',
  (e) => {
    const { spend } = require(`${__hooks}/platform/limits.js`);
    const { memberData } = require(`${__hooks}/account/member-data.js`);
    spend('data-export', e.auth.id);
    return require(`${__hooks}/platform/private-answers.js`).privateJson(e, memberData(e.app, e.auth.id));
  },
  ...require(`${__hooks}/platform/route-guards.js`).SIGNED_IN,
);

routerAdd(
  'POST',
  '/api/chorus/me/delete',
  (e) => {
    const { requireFresh } = require(`${__hooks}/account/fresh-signin.js`);
    const { deleteAccount } = require(`${__hooks}/account/account-deletion.js`);
    const user = e.app.findRecordById('users', e.auth.id);
    requireFresh(user, (e.requestInfo().body || {}).fresh);
    return e.json(200, { id: deleteAccount(e, user.id, false) });
  },
  ...require(`${__hooks}/platform/route-guards.js`).SIGNED_IN,
);

routerAdd(
  'GET',
  '/api/chorus/members/{id}/export',
  (e) => {
    const { requireAdmin } = require(`${__hooks}/platform/staff.js`);
    const { refusalText } = require(`${__hooks}/platform/refusals.js`);
    const { memberData } = require(`${__hooks}/account/member-data.js`);
    const { recordAudit } = require(`${__hooks}/audit/audit.js`);
    const { isErased } = require(`${__hooks}/account/erasure.js`);
    requireAdmin(e);
    let member = null;
    try {
      member = e.app.findRecordById('users', e.request.pathValue('id'));
    } catch {
      member = null;
    }
    if (!member || isErased(member)) throw new NotFoundError(refusalText('memberNotFound'));
    let data = null;
    e.app.runInTransaction((txApp) => {
      data = memberData(txApp, member.id);
      recordAudit(txApp, e, {
        action: 'member.export',
        collection: 'users',
        id: member.id,
        label: member.getString('name'),
      });
    });
    return require(`${__hooks}/platform/private-answers.js`).privateJson(e, data);
  },
  require(`${__hooks}/platform/refusals.js`).inRequestLanguage,
);

routerAdd(
  'POST',
  '/api/chorus/members/{id}/delete',
  (e) => {
    const { requireAdmin } = require(`${__hooks}/platform/staff.js`);
    const { refusalText } = require(`${__hooks}/platform/refusals.js`);
    const { requireFresh } = require(`${__hooks}/account/fresh-signin.js`);
    const { deleteAccount } = require(`${__hooks}/account/account-deletion.js`);
    const admin = requireAdmin(e);
    // Superusers (the operator) need no fresh sign-in; an admin proves their own.
    if (admin) requireFresh(e.app.findRecordById('users', admin.id), (e.requestInfo().body || {}).fresh);
    let member = null;
    try {
      member = e.app.findRecordById('users', e.request.pathValue('id'));
    } catch {
      member = null;
    }
    if (!member) throw new NotFoundError(refusalText('memberNotFound'));
    return e.json(200, { id: deleteAccount(e, member.id, true) });
  },
  require(`${__hooks}/platform/refusals.js`).inRequestLanguage,
);
