/// <reference path="../pb_data/types.d.ts" />
// Members: a display name, an avatar, a role no client can set, a blocked flag, email preferences,
// email one-time codes, and emails whose links lead back to Chorus pages.
// Access:
// - view: anyone sees a member's name and avatar (authors, voters); emails stay hidden (emailVisibility);
//   email preferences are hidden fields (no per-record code on reads), read by oneself through a route.
// - list: oneself; active staff too, but never sorted or filtered by anything named like "email" (email,
//   email preferences), so staff cannot learn addresses by ordering or probing; this also closes
//   `posts?sort=author.email`, since PocketBase applies this rule to every join into users.
// - create: sign-ups follow the site setting; nobody picks their own role or blocked flag.
// - update: oneself (not role or blocked) unless blocked; active admins set role and blocked of anyone but
//   themselves; active moderators block or unblock members only; staff change nothing else of others.
// - delete: oneself, unless blocked.
// The access rules this migration applies, as a literal snapshot (a later change to pb_hooks/platform/access.js
// changes new migrations only, never what this one does on a fresh install).
const RULES = {
  ACTIVE: '(@request.auth.id != "" && @request.auth.blocked = false)',
  ACTIVE_ADMIN: '(@request.auth.blocked = false && @request.auth.role = "admin")',
  ACTIVE_STAFF: '(@request.auth.blocked = false && (@request.auth.role = "moderator" || @request.auth.role = "admin"))',
  unset: (...args) =>
    ({
      '[["role","blocked"]]': '(@request.body.role:isset = false && @request.body.blocked:isset = false)',
      '[["email","password","passwordConfirm","oldPassword","name","avatar","emailVisibility","verified","email_on_comment","email_on_status","email_on_release"]]':
        '(@request.body.email:isset = false && @request.body.password:isset = false && @request.body.passwordConfirm:isset = false && @request.body.oldPassword:isset = false && @request.body.name:isset = false && @request.body.avatar:isset = false && @request.body.emailVisibility:isset = false && @request.body.verified:isset = false && @request.body.email_on_comment:isset = false && @request.body.email_on_status:isset = false && @request.body.email_on_release:isset = false)',
    })[JSON.stringify(args)],
};
const { ACTIVE, ACTIVE_STAFF, unset } = RULES;
const PREFERENCES = ['email_on_comment', 'email_on_status', 'email_on_release'];
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
const NO_EMAIL_PROBING = ['sort', 'filter']
  .map((param) => `(@request.query.${param}:isset = false || @request.query.${param} !~ "email")`)
  .join(' && ');
const SELF = `id = @request.auth.id && ${ACTIVE} && ${unset(['role', 'blocked'])}`;
const OTHERS = `id != @request.auth.id && ${unset([...PROFILE, ...PREFERENCES])}`;
const ADMIN = `${RULES.ACTIVE_ADMIN} && ${OTHERS}`;
const MODERATOR = `${ACTIVE_STAFF} && @request.auth.role = "moderator" && role = "member" && @request.body.role:isset = false && ${OTHERS}`;

migrate(
  (app) => {
    const users = app.findCollectionByNameOrId('users');
    users.fields.add(
      new SelectField({ name: 'role', values: ['member', 'moderator', 'admin'], maxSelect: 1 }),
      new BoolField({ name: 'blocked' }),
    );
    // Hidden: never in API responses (but to superusers) nor filterable; the member reads their own through
    // GET /api/chorus/preferences (pb_hooks/account/preferences.pb.js) and writes them like any profile field.
    for (const name of PREFERENCES) users.fields.add(new BoolField({ name, hidden: true }));
    const name = users.fields.getByName('name');
    name.max = 60;
    const avatar = users.fields.getByName('avatar');
    avatar.mimeTypes = ['image/jpeg', 'image/png', 'image/webp', 'image/gif'];
    avatar.maxSize = 5 * 1024 * 1024;
    avatar.thumbs = ['40x40', '96x96'];

    users.viewRule = '';
    users.listRule = `id = @request.auth.id || (${ACTIVE_STAFF} && ${NO_EMAIL_PROBING})`;
    users.createRule = `@collection.site.allow_signups ?= true && ${unset(['role', 'blocked'])}`;
    users.updateRule = `(${SELF}) || (${ADMIN}) || (${MODERATOR})`;
    users.deleteRule = `id = @request.auth.id && ${ACTIVE}`;

    users.passwordAuth.enabled = true;
    users.otp.enabled = true;
    users.otp.duration = 600;
    users.otp.length = 6;
    users.otp.emailTemplate.subject = 'Your {APP_NAME} sign-in code: {OTP}';
    users.otp.emailTemplate.body =
      '<p>Hello,</p><p>Your code to sign in to {APP_NAME} is <strong>{OTP}</strong>. It expires in 10 minutes.</p><p>If you did not ask for it, ignore this email.</p>';
    users.verificationTemplate.body =
      '<p>Hello,</p><p>Confirm your email address for {APP_NAME}:</p><p><a href="{APP_URL}/verify?token={TOKEN}">Verify my email</a></p>';
    users.resetPasswordTemplate.body =
      '<p>Hello,</p><p>Choose a new password for {APP_NAME}:</p><p><a href="{APP_URL}/reset-password?token={TOKEN}">Reset my password</a></p><p>If you did not ask for it, ignore this email.</p>';
    users.confirmEmailChangeTemplate.body =
      '<p>Hello,</p><p>Confirm your new email address for {APP_NAME}:</p><p><a href="{APP_URL}/settings?confirm-email={TOKEN}">Confirm my new email</a></p>';
    app.save(users);
  },
  (app) => {
    const users = app.findCollectionByNameOrId('users');
    for (const name of ['role', 'blocked', ...PREFERENCES]) users.fields.removeByName(name);
    users.listRule = 'id = @request.auth.id';
    users.viewRule = 'id = @request.auth.id';
    users.createRule = '';
    users.updateRule = 'id = @request.auth.id';
    users.deleteRule = 'id = @request.auth.id';
    users.otp.enabled = false;
    app.save(users);
  },
);
