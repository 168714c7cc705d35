// Points a PocketBase instance at the site: app URL for email links, the SMTP server for mail,
// and OAuth2 providers whose credentials are in the environment (operators can also do all of this in /_/).
import PocketBase from 'pocketbase';

const OAUTH_ENV = [
  { name: 'github', id: 'GITHUB_CLIENT_ID', secret: 'GITHUB_CLIENT_SECRET' },
  { name: 'google', id: 'GOOGLE_CLIENT_ID', secret: 'GOOGLE_CLIENT_SECRET' },
  { name: 'gitlab', id: 'GITLAB_CLIENT_ID', secret: 'GITLAB_CLIENT_SECRET' },
  { name: 'discord', id: 'DISCORD_CLIENT_ID', secret: 'DISCORD_CLIENT_SECRET' },
];

export async function connectAsSuperuser(url, { email, password }) {
  const pb = new PocketBase(url);
  pb.autoCancellation(false);
  await pb.collection('_superusers').authWithPassword(email, password);
  return pb;
}

export async function configurePocketBase(pb, { siteUrl, smtp, env = process.env }) {
  const { items } = await pb.collection('site').getList(1, 1);
  await pb.settings.update({
    meta: {
      appName: items[0]?.name ?? 'Chorus',
      appURL: siteUrl,
      senderName: items[0]?.name ?? 'Chorus',
      senderAddress: env.CHORUS_MAIL_FROM ?? 'no-reply@chorus.localhost',
    },
    ...(smtp && { smtp: { enabled: true, host: smtp.host, port: smtp.port, tls: false, authMethod: 'PLAIN' } }),
  });
  const providers = OAUTH_ENV.filter((p) => env[p.id] && env[p.secret]).map((p) => ({
    name: p.name,
    clientId: env[p.id],
    clientSecret: env[p.secret],
  }));
  if (providers.length > 0) {
    await pb.collections.update('users', { oauth2: { enabled: true, providers } });
  }
  return providers.map((p) => p.name);
}
