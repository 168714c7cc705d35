// Reads a running Fider (v0.36 API) into the neutral import model, with an administrator's API key.
// What Fider's API cannot give (see tests/fixtures/fider-v0.36.0/README.md) is worked around here:
// duplicates only come with view=recent and an explicit status list, users and their emails come from
// the paginated staff-only /users list, post images only as `fider-image:` references in descriptions,
// and errors are JSON only when we ask for JSON.
import { emptyModel, extractImages, isEmail, statusSlugOf } from './model.mjs';

const ALL_POSTS =
  '/api/v1/posts?view=recent&limit=all&statuses=open,started,planned,completed,declined,duplicate&moderation=all';

export function fiderClient(baseUrl, apiKey) {
  const base = baseUrl.replace(/\/+$/, '');
  return async function get(path) {
    const response = await fetch(`${base}${path}`, {
      headers: { Accept: 'application/json', Authorization: `Bearer ${apiKey}` },
    });
    const body = await response.json().catch(() => ({}));
    if (!response.ok) {
      const reason = body?.errors?.[0]?.message ?? `HTTP ${response.status}`;
      throw new Error(`Fider answered ${reason} for ${path}`);
    }
    return body;
  };
}

async function readUsers(get, model) {
  for (let page = 1; ; page += 1) {
    const answer = await get(`/api/v1/users?page=${page}&limit=10`);
    for (const user of answer.users ?? []) {
      if (!isEmail(user.email)) {
        model.problems.push({
          where: `user ${user.id} (${user.name})`,
          why: 'no email address: their posts are attributed to whoever imports',
        });
        continue;
      }
      model.users.set(String(user.id), {
        key: String(user.id),
        name: user.name,
        email: user.email.trim().toLowerCase(),
      });
    }
    if (!answer.users?.length || page >= (answer.totalPages ?? page)) return;
  }
}

function userKeyOf(model, user, where) {
  const key = String(user?.id ?? '');
  if (model.users.has(key)) return key;
  model.problems.push({ where, why: `author ${user?.name ?? 'unknown'} is not in Fider's user list (deleted?)` });
  return null;
}

// The site's name lives only in the home page's server data (Fider has no settings endpoint).
async function readSiteName(base) {
  try {
    const html = await (await fetch(`${base}/`)).text();
    const data = html.match(/<script id="server-data" type="application\/json">([\s\S]*?)<\/script>/)?.[1];
    return data ? String(JSON.parse(data).tenant?.name ?? '') : '';
  } catch {
    return '';
  }
}

/** @returns {Promise<ReturnType<typeof emptyModel>>} */
export async function readFider({ url, apiKey }) {
  const get = fiderClient(url, apiKey);
  const base = url.replace(/\/+$/, '');
  const imageUrl = (key) => `${base}/static/images/${key}`;
  const model = emptyModel(`fider:${base}`);
  model.defaultBoard = await readSiteName(base);
  for (const tag of await get('/api/v1/tags')) {
    model.tags.set(tag.slug, { key: tag.slug, name: tag.name, color: `#${tag.color}`, staffOnly: !tag.isPublic });
  }
  await readUsers(get, model);
  const posts = await get(ALL_POSTS);
  for (const post of posts) {
    const where = `post #${post.number} (${post.title})`;
    const [comments, votes] = await Promise.all([
      get(`/api/v1/posts/${post.number}/comments`),
      get(`/api/v1/posts/${post.number}/votes`),
    ]);
    const { text, images } = extractImages(post.description, imageUrl);
    model.posts.push({
      key: String(post.number),
      title: post.title,
      body: text,
      status: statusSlugOf(post.status) ?? 'open',
      tagKeys: post.tags ?? [],
      authorKey: userKeyOf(model, post.user, where),
      created: post.createdAt,
      approved: post.isApproved !== false,
      response: post.status === 'duplicate' ? '' : (post.response?.text ?? ''),
      duplicateOfKey:
        post.status === 'duplicate' && post.response?.original ? String(post.response.original.number) : null,
      images,
      // Fider lists comments newest first; Chorus shows them in the order they were written.
      comments: [...comments].reverse().map((comment) => {
        const body = extractImages(comment.content, imageUrl);
        for (const key of comment.attachments ?? []) {
          if (!body.images.some((image) => image.url === imageUrl(key)))
            body.images.push({ url: imageUrl(key), name: key.split('/').pop() });
        }
        return {
          key: String(comment.id),
          authorKey: userKeyOf(model, comment.user, `comment ${comment.id} on #${post.number}`),
          body: body.text,
          created: comment.createdAt,
          images: body.images,
        };
      }),
      voterKeys: votes.map((vote) => {
        const key = String(vote.user.id);
        if (!model.users.has(key) && isEmail(vote.user.email)) {
          model.users.set(key, { key, name: vote.user.name, email: vote.user.email.trim().toLowerCase() });
        }
        return key;
      }),
    });
  }
  return model;
}
