// Gives the demo accounts a new password (CHORUS_DEMO_PASSWORD changed between two `npm start`s), and
// only the accounts the seed created: the demo people's addresses, created no later than the seed's mark.
// Anyone who signed up later with one of those addresses (after the demo account was deleted) keeps theirs.
import { DEMO_PEOPLE } from './people.mjs';

/** @returns {Promise<number>} how many demo accounts now have `password` */
export async function setDemoPassword(pb, { password, seededAt }) {
  const params = Object.fromEntries(DEMO_PEOPLE.map((person, i) => [`email${i}`, person.email]));
  const emails = Object.keys(params)
    .map((name) => `email = {:${name}}`)
    .join(' || ');
  const accounts = await pb
    .collection('users')
    .getFullList({ filter: pb.filter(`(${emails}) && created <= {:seededAt}`, { ...params, seededAt }) });
  for (const account of accounts) {
    await pb.collection('users').update(account.id, { password, passwordConfirm: password });
  }
  return accounts.length;
}
