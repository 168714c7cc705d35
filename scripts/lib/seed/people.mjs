// Demo accounts: one admin, one moderator, and members with realistic names. All share one password.
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
    people[person.key] = await pb.collection('users').create({
      name: person.name,
      email: person.email,
      password,
      passwordConfirm: password,
      role: person.role,
      verified: true,
      emailVisibility: false,
    });
  }
  return people;
}
