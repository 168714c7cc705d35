// The MCP tools that need a staff key: change a status with an official response (voters are notified as for
// any status change), merge two ideas, tag, post an internal comment, and draft a changelog entry linked to ideas
// (left as a draft for a person to publish). Each goes through the same Chorus API a moderator's browser uses,
// so the audit log names the key and its creator, and a weaker key is told which scope the tool needs.

import { z } from 'zod';
import type { RecordModel } from '../../../lib/pb/client';
import { createDraftEntry } from '../../changelog/changelog';
import { createComment } from '../../comments/comments-data';
import { changeIdeaTags, setIdeaStatus } from '../../ideas/posts-data';
import { listStatuses, listTags } from '../../ideas/taxonomy';
import { mergePost } from '../../staff/staff-data';
import { ideaId } from '../ideas';
import { guarded, jsonResult, refusal } from '../results';
import { type ChorusTool, scopeAllows, type ToolContext } from '../tool';

const IDEA = z.string().min(15).max(300).describe('The idea: its id (15 characters) or its address (…/p/<id>)');
const WRITES = { readOnlyHint: false, destructiveHint: false, openWorldHint: false } as const;

/** The refusal for a key below the staff scope, or null. */
function needsStaff(tool: string, context: ToolContext) {
  if (scopeAllows(context.key.scope, 'staff')) return null;
  return refusal(
    `${tool} needs an API key with the staff scope; this key (“${context.key.name}”) has the ${context.key.scope} scope. An admin can create a staff key on /admin/api-keys.`,
  );
}

function idOrRefusal(reference: string) {
  const id = ideaId(reference);
  return id ? { id } : { refused: refusal(`“${reference.slice(0, 60)}” is no idea id or address (…/p/<id>).`) };
}

async function statusNamed(context: ToolContext, name: string): Promise<RecordModel | string> {
  const statuses = await listStatuses(context.pb);
  const wanted = name.trim().toLowerCase();
  return (
    statuses.find((s) => String(s.name).toLowerCase() === wanted || String(s.slug) === wanted) ??
    `There is no status “${name}”: use one of ${JSON.stringify(statuses.map((s) => s.name))}.`
  );
}

const setStatus: ChorusTool = {
  name: 'set_status',
  title: 'Change an idea’s status',
  description:
    'Staff keys: move an idea to a status (by name or slug, e.g. "Planned", "in-progress"), optionally with an official response shown on the idea. The idea’s voters and followers are notified, as when a moderator does it on the site.',
  scope: 'staff',
  annotations: WRITES,
  inputSchema: {
    idea: IDEA,
    status: z.string().trim().min(1).max(60).describe('The new status: its name or slug'),
    response: z.string().trim().max(5000).optional().describe('The official response to show on the idea (Markdown)'),
  },
  run: (args, context) =>
    guarded(async () => {
      const { idea, status, response } = args as { idea: string; status: string; response?: string };
      const target = idOrRefusal(idea);
      if (target.refused) return target.refused;
      const found = await statusNamed(context, status);
      if (typeof found === 'string') return refusal(found);
      const post = await setIdeaStatus(context.pb, target.id as string, found.id, response);
      return jsonResult({
        idea: post.id,
        status: found.name,
        response: post.response,
        url: `${context.siteUrl}/p/${post.id}`,
      });
    }),
};

const mergeIdeas: ChorusTool = {
  name: 'merge_ideas',
  title: 'Merge a duplicate into another idea',
  description:
    'Staff keys: merge `duplicate` into `into`. The duplicate’s votes move to the other idea (a person who voted for both keeps one vote), its followers follow the other idea, and it is marked merged. Cannot be undone by this server.',
  scope: 'staff',
  annotations: { ...WRITES, destructiveHint: true },
  inputSchema: { duplicate: IDEA, into: IDEA },
  run: (args, context) =>
    guarded(async () => {
      const { duplicate, into } = args as { duplicate: string; into: string };
      const from = idOrRefusal(duplicate);
      const to = idOrRefusal(into);
      if (from.refused) return from.refused;
      if (to.refused) return to.refused;
      const merged = await mergePost(context.pb, from.id as string, to.id as string);
      return jsonResult({
        duplicate: merged.duplicate.id,
        into: merged.target.id,
        votes: merged.target.vote_count,
        url: `${context.siteUrl}/p/${merged.target.id}`,
      });
    }),
};

const tagIdea: ChorusTool = {
  name: 'tag_idea',
  title: 'Tag or untag an idea',
  description:
    'Staff keys: add or remove tags (by name, any letter case) on an idea. Only existing tags are used; staff-only tags are allowed. Answers with the idea’s tags afterwards.',
  scope: 'staff',
  annotations: WRITES,
  inputSchema: {
    idea: IDEA,
    tags: z.array(z.string().trim().min(1).max(40)).min(1).max(10).describe('Tag names'),
    remove: z.boolean().default(false).describe('true to remove these tags instead of adding them'),
  },
  run: (args, context) =>
    guarded(async () => {
      const { idea, tags, remove } = args as { idea: string; tags: string[]; remove: boolean };
      const target = idOrRefusal(idea);
      if (target.refused) return target.refused;
      const all = await listTags(context.pb);
      const byName = new Map(all.map((tag) => [String(tag.name).toLowerCase(), tag]));
      const unknown = tags.filter((name) => !byName.has(name.toLowerCase()));
      if (unknown.length > 0)
        return refusal(
          `No tag named ${JSON.stringify(unknown)}; existing tags: ${JSON.stringify(all.map((t) => t.name))}.`,
        );
      const ids = tags.map((name) => byName.get(name.toLowerCase())?.id as string);
      const now = await changeIdeaTags(context.pb, target.id as string, ids, remove);
      return jsonResult({ idea: target.id, tags: now });
    }),
};

const addInternalComment: ChorusTool = {
  name: 'add_internal_comment',
  title: 'Post an internal comment',
  description:
    'Staff keys: post a comment on an idea that only staff can read (never shown to members or visitors, never emailed to them). Use it for triage notes.',
  scope: 'staff',
  annotations: WRITES,
  inputSchema: { idea: IDEA, body: z.string().trim().min(1).max(5000).describe('The note (Markdown)') },
  run: (args, context) =>
    guarded(async () => {
      const { idea, body } = args as { idea: string; body: string };
      const target = idOrRefusal(idea);
      if (target.refused) return target.refused;
      const comment = await createComment(context.pb, {
        post: target.id as string,
        author: context.key.user,
        body,
        internal: true,
      });
      return jsonResult({ comment: comment.id, idea: comment.post, internal: comment.internal });
    }),
};

const slugOf = (title: string) =>
  `${
    title
      .normalize('NFKD')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 60) || 'release'
  }-${Math.random().toString(36).slice(2, 7)}`;

const draftChangelogEntry: ChorusTool = {
  name: 'draft_changelog_entry',
  title: 'Draft a changelog entry',
  description:
    'Staff keys: write a changelog entry linked to the ideas it ships, left as a DRAFT: nothing is published or emailed until a person publishes it on /admin/changelog.',
  scope: 'staff',
  annotations: WRITES,
  inputSchema: {
    title: z.string().trim().min(1).max(140).describe('The entry’s title'),
    body: z.string().trim().max(50_000).default('').describe('What changed (Markdown)'),
    ideas: z.array(IDEA).max(50).default([]).describe('The ideas it ships'),
    labels: z
      .array(z.enum(['new', 'improved', 'fixed']))
      .max(3)
      .default([])
      .describe('Labels'),
  },
  run: (args, context) =>
    guarded(async () => {
      const { title, body, ideas, labels } = args as { title: string; body: string; ideas: string[]; labels: string[] };
      const posts: string[] = [];
      for (const reference of ideas) {
        const target = idOrRefusal(reference);
        if (target.refused) return target.refused;
        posts.push(target.id as string);
      }
      const entry = await createDraftEntry(context.pb, { title, slug: slugOf(title), body, labels, posts });
      return jsonResult({
        entry: entry.id,
        title: entry.title,
        state: entry.state,
        ideas: entry.posts,
        edit: `${context.siteUrl}/admin/changelog`,
      });
    }),
};

/** Each tool behind the staff check: a weaker key is refused, by the tool's name, before its run starts. */
export const staffTools: ChorusTool[] = [setStatus, mergeIdeas, tagIdea, addInternalComment, draftChangelogEntry].map(
  (tool) => ({ ...tool, run: async (args, context) => needsStaff(tool.name, context) ?? tool.run(args, context) }),
);
