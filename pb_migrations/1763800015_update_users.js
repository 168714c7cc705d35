/// <reference path="../pb_data/types.d.ts" />
// Members: a display name, an avatar, a role no client can set, a blocked flag,
// email one-time codes, and emails whose links lead back to Chorus pages.
const STAFF = '(@request.auth.role = "moderator" || @request.auth.role = "admin")';

migrate(
  (app) => {
    const users = app.findCollectionByNameOrId('users');
    users.fields.add(
      new SelectField({ name: 'role', values: ['member', 'moderator', 'admin'], maxSelect: 1 }),
      new BoolField({ name: 'blocked' }),
    );
    const name = users.fields.getByName('name');
    name.max = 60;
    const avatar = users.fields.getByName('avatar');
    avatar.mimeTypes = ['image/jpeg', 'image/png', 'image/webp', 'image/gif'];
    avatar.maxSize = 5 * 1024 * 1024;
    avatar.thumbs = ['40x40', '96x96'];

    // Anyone may see a member's name and avatar (authors, voters); emails stay hidden (emailVisibility).
    users.viewRule = '';
    users.listRule = `id = @request.auth.id || ${STAFF}`;
    // Sign-ups follow the site setting; nobody picks their own role or blocked flag.
    users.createRule =
      '@collection.site.allow_signups ?= true && @request.body.role:isset = false && @request.body.blocked:isset = false';
    users.updateRule =
      'id = @request.auth.id && @request.body.role:isset = false && @request.body.blocked:isset = false';
    users.deleteRule = 'id = @request.auth.id';

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
    users.fields.removeByName('role');
    users.fields.removeByName('blocked');
    users.listRule = 'id = @request.auth.id';
    users.viewRule = 'id = @request.auth.id';
    users.createRule = '';
    users.updateRule = 'id = @request.auth.id';
    users.otp.enabled = false;
    app.save(users);
  },
);
