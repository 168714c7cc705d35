/// <reference path="../pb_data/types.d.ts" />
// Managing members: admins set roles and block or unblock anyone but themselves; moderators block or
// unblock members only and never touch roles; nobody changes their own role or blocked flag; a blocked
// member cannot edit their profile. Staff change only role and blocked on someone else's account.
const unset = (fields) => fields.map((f) => `@request.body.${f}:isset = false`).join(' && ');
const PROFILE = [
  'email',
  'password',
  'passwordConfirm',
  'oldPassword',
  'name',
  'avatar',
  'emailVisibility',
  'verified',
];
const PREFERENCES = ['email_on_comment', 'email_on_status', 'email_on_release'];
const OTHERS = `id != @request.auth.id && @request.auth.blocked = false && ${unset([...PROFILE, ...PREFERENCES])}`;
const SELF = `id = @request.auth.id && @request.auth.blocked = false && ${unset(['role', 'blocked'])}`;
const ADMIN = `@request.auth.role = "admin" && ${OTHERS}`;
const MODERATOR = `@request.auth.role = "moderator" && role = "member" && @request.body.role:isset = false && ${OTHERS}`;
const PREVIOUS = 'id = @request.auth.id && @request.body.role:isset = false && @request.body.blocked:isset = false';

migrate(
  (app) => {
    const users = app.findCollectionByNameOrId('users');
    users.updateRule = `(${SELF}) || (${ADMIN}) || (${MODERATOR})`;
    app.save(users);
  },
  (app) => {
    const users = app.findCollectionByNameOrId('users');
    users.updateRule = PREVIOUS;
    app.save(users);
  },
);
