// Everything Chorus holds about one member (GDPR art. 15 and 20), as one JSON document, plus the list of
// their uploaded files for the archive (src/features/account/my-data.ts zips both). Only the person's own data: their
// profile with hidden email preferences, what they wrote, voted, reacted and followed, their notifications,
// answers to staff questions, company link and attributes, sign-in identities (provider names only), passkeys (names and dates). Not
// theirs to receive: other people's emails or names beyond what the site shows, and staff-only notes about
// them (internal comments by others, staff tags, scores, audit entries).
const { FREQUENCY_OF } = require(`${__hooks}/notifications/unsubscribe.js`);

const FORMAT = 'chorus-member-data';
const VERSION = 1;

const dateOf = (record, field) => {
  const value = record.getDateTime(field);
  return value.isZero() ? null : value.string();
};

// A JSON field read as text (PocketBase hands its raw bytes otherwise).
function parsed(text) {
  try {
    return text ? JSON.parse(text) : null;
  } catch {
    return null;
  }
}

function nameCache(app, collection, field) {
  const known = {};
  return (id) => {
    if (!id) return null;
    if (!(id in known)) {
      try {
        known[id] = app.findRecordById(collection, id).getString(field);
      } catch {
        known[id] = null;
      }
    }
    return known[id];
  };
}

const rowsOf = (app, collection, filter, id) => app.findRecordsByFilter(collection, filter, 'created', 0, 0, { id });

/** { document, files } for `user` (a users record, read fresh so hidden fields are there). */
function memberData(app, userId) {
  const user = app.findRecordById('users', userId);
  const base = app.settings().meta.appURL.replace(/\/+$/, '');
  const boardName = nameCache(app, 'boards', 'name');
  const statusName = nameCache(app, 'statuses', 'name');
  const postTitle = nameCache(app, 'posts', 'title');
  const files = [];
  const addFiles = (record, collection, folder, names) => {
    for (const name of names) {
      files.push({ path: `files/${folder}/${name}`, collection, record: record.id, name });
    }
    return names.map((name) => `files/${folder}/${name}`);
  };

  const avatar = user.getString('avatar');
  const profile = {
    id: user.id,
    email: user.email(),
    verified: user.verified(),
    name: user.getString('name'),
    avatar: avatar ? addFiles(user, 'users', 'avatar', [avatar])[0] : null,
    avatar_url: user.getString('avatar_url') || null,
    role: user.getString('role'),
    blocked: user.getBool('blocked'),
    locale: user.getString('locale') || null,
    external_id: user.getString('external_id') || null,
    email_preferences: {
      email_on_comment: user.getBool('email_on_comment'),
      email_on_status: user.getBool('email_on_status'),
      email_on_release: user.getBool('email_on_release'),
    },
    // How often each kind of email comes (instant, daily, weekly, off) and the time zone digests follow.
    email_frequencies: Object.fromEntries(
      Object.values(FREQUENCY_OF).map((field) => [field, user.getString(field) || null]),
    ),
    time_zone: user.getString('time_zone') || null,
    created: dateOf(user, 'created'),
    updated: dateOf(user, 'updated'),
  };

  const identities = app.findAllExternalAuthsByRecord(user).map((auth) => ({
    provider: auth.provider(),
    created: dateOf(auth, 'created'),
  }));

  // Passkeys: their names and dates (the public keys are Chorus's to check signatures, not personal content).
  const passkeys = rowsOf(app, 'passkeys', 'user = {:id}', user.id).map((row) => ({
    name: row.getString('name'),
    created: dateOf(row, 'created'),
    last_used: dateOf(row, 'last_used'),
  }));

  let company = null;
  const profiles = rowsOf(app, 'member_profiles', 'user = {:id}', user.id);
  if (profiles.length > 0) {
    const row = profiles[0];
    company = {
      company: nameCache(app, 'companies', 'name')(row.getString('company')),
      attributes: parsed(row.getString('attributes')),
      updated: dateOf(row, 'updated'),
    };
  }

  const ideas = rowsOf(app, 'posts', 'author = {:id}', user.id).map((post) => ({
    id: post.id,
    url: `${base}/p/${post.id}`,
    board: boardName(post.getString('board')),
    title: post.getString('title'),
    body: post.getString('body'),
    status: statusName(post.getString('status')),
    approved: post.getBool('approved'),
    images: addFiles(post, 'posts', `ideas/${post.id}`, post.getStringSlice('images')),
    created: dateOf(post, 'created'),
    updated: dateOf(post, 'updated'),
  }));

  const comments = rowsOf(app, 'comments', 'author = {:id}', user.id).map((comment) => ({
    id: comment.id,
    idea: comment.getString('post'),
    idea_title: postTitle(comment.getString('post')),
    parent: comment.getString('parent') || null,
    body: comment.getString('body'),
    internal: comment.getBool('internal'),
    images: addFiles(comment, 'comments', `comments/${comment.id}`, comment.getStringSlice('images')),
    created: dateOf(comment, 'created'),
    updated: dateOf(comment, 'updated'),
  }));

  const votes = rowsOf(app, 'votes', 'user = {:id}', user.id).map((vote) => ({
    idea: vote.getString('post'),
    idea_title: postTitle(vote.getString('post')),
    on_behalf: Boolean(vote.getString('on_behalf_by')),
    created: dateOf(vote, 'created'),
  }));

  const reactions = rowsOf(app, 'reactions', 'user = {:id}', user.id).map((reaction) => ({
    comment: reaction.getString('comment'),
    emoji: reaction.getString('emoji'),
    created: dateOf(reaction, 'created'),
  }));

  const follows = rowsOf(app, 'subscriptions', 'user = {:id}', user.id).map((row) => ({
    idea: row.getString('post'),
    idea_title: postTitle(row.getString('post')),
    created: dateOf(row, 'created'),
  }));

  const notifications = rowsOf(app, 'notifications', 'user = {:id}', user.id).map((row) => ({
    kind: row.getString('kind'),
    idea: row.getString('post') || null,
    comment: row.getString('comment') || null,
    release: row.getString('entry') || null,
    read_at: dateOf(row, 'read_at'),
    created: dateOf(row, 'created'),
  }));

  const answers = rowsOf(app, 'idea_answers', 'user = {:id}', user.id).map((row) => {
    let question = null;
    try {
      question = app.findRecordById('idea_questions', row.getString('question'));
    } catch {
      question = null;
    }
    return {
      question: question ? question.getString('body') : null,
      idea: question ? question.getString('post') : null,
      answer: row.getString('body'),
      created: dateOf(row, 'created'),
    };
  });

  const document = {
    format: FORMAT,
    version: VERSION,
    exported_at: new Date().toISOString(),
    site: base,
    profile,
    identities,
    passkeys,
    company,
    ideas,
    comments,
    votes,
    reactions,
    follows,
    notifications,
    answers,
    files: files.map((file) => file.path),
  };
  return { document, files };
}

module.exports = { memberData, FORMAT, VERSION };
