/// <reference path="../pb_data/types.d.ts" />
// Every new account starts as a member, whoever creates it (sign-up form, OAuth2, admin UI).
onRecordCreate((e) => {
  if (!e.record.getString('role')) e.record.set('role', 'member');
  e.next();
}, 'users');
