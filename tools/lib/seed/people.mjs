// Demo accounts: one admin, one moderator, and members with realistic names (some with a portrait).
// All share one password.
import { AVATAR_COLORS, drawAvatar } from './avatar.mjs';

export const DEMO_PEOPLE = [
  { key: 'admin', name: 'Alex Rivera', email: 'admin@example.com', role: 'admin' },
  { key: 'moderator', name: 'Morgan Lee', email: 'moderator@example.com', role: 'moderator' },
  { key: 'member', name: 'Priya Shah', email: 'member@example.com', role: 'member' },
  { key: 'tomas', name: 'Tomás García', email: 'tomas@example.com', role: 'member' },
  { key: 'mei', name: 'Mei Chen', email: 'mei@example.com', role: 'member' },
  { key: 'jonas', name: 'Jonas Berg', email: 'jonas@example.com', role: 'member' },
  { key: 'amara', name: 'Amara Okafor', email: 'amara@example.com', role: 'member' },
  { key: 'lucas', name: 'Lucas Moreau', email: 'lucas@example.com', role: 'member' },
];

/** Creates the demo accounts; resolves with their records keyed by `key`. */
export async function seedPeople(pb, password) {
  const people = {};
  for (const person of DEMO_PEOPLE) {
    const form = new FormData();
    const fields = { name: person.name, email: person.email, password, passwordConfirm: password, role: person.role };
    for (const [name, value] of Object.entries(fields)) form.append(name, value);
    form.append('verified', 'true');
    form.append('emailVisibility', 'false');
    const colors = AVATAR_COLORS[person.key];
    if (colors) form.append('avatar', new File([drawAvatar(...colors)], `${person.key}.png`, { type: 'image/png' }));
    people[person.key] = await pb.collection('users').create(form);
  }
  return people;
}
