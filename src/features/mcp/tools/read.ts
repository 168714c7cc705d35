// The MCP tools every API key may use: search ideas (the site's ranked search, every script), read one idea with
// its comments, votes and status history (and, for a staff key, revenue and the companies waiting), list the top
// ideas, and find likely duplicates of a text. Each reads PocketBase as the key, so its rules decide what shows.

import { z } from 'zod';
import type { RecordModel } from '../../../lib/pb/client';
import { listVisibleComments } from '../../comments/comments-data';
import { companiesWaiting } from '../../customers/customers';
import { findIdeas, readIdea, searchPosts } from '../../ideas/posts-data';
import { listStatuses, listStatusHistory } from '../../ideas/taxonomy';
import { findInsights, rankIdeasByWorth } from '../../priority/priority-data';
import { loadSegmentVotes } from '../../segments/segment-view';
import { IDEA_EXPAND, IDEA_FIELDS, ideaId, summarize } from '../ideas';
import { guarded, jsonResult, refusal } from '../results';
import { type ChorusTool, scopeAllows, type ToolContext } from '../tool';

const READ_ONLY = { readOnlyHint: true, openWorldHint: false } as const;
const IDEA_REFERENCE = z
  .string()
  .min(15)
  .max(300)
  .describe('The idea: its id (15 characters) or its address on the site (…/p/<id>)');

/** The site's ranked search, as the key may see it, with each idea's board, status and tags. */
const search = (context: ToolContext, query: string, perPage: number, board = '') =>
  searchPosts(context.pb, query, { board, perPage, expand: IDEA_EXPAND });

const searchIdeas: ChorusTool = {
  name: 'search_ideas',
  title: 'Search ideas',
  description:
    'Full-text search over the ideas this key may see, ranked as on the site (title matches first, then votes, then newest). Works in every script (Latin, CJK, Arabic, Hebrew…); words match as prefixes. Returns at most `limit` ideas with their board, status, tags, votes and address.',
  scope: 'read',
  annotations: READ_ONLY,
  inputSchema: {
    query: z.string().trim().min(1).max(200).describe('Words to look for, as a person would type them'),
    board: z
      .string()
      .regex(/^[a-z0-9]{15}$/)
      .optional()
      .describe('Only this board (its id)'),
    limit: z.number().int().min(1).max(50).default(10).describe('How many ideas to return (1–50, default 10)'),
  },
  run: (args, context) =>
    guarded(async () => {
      const { query, board, limit } = args as { query: string; board?: string; limit: number };
      const page = await search(context, query, limit, board);
      return jsonResult({
        total: page.totalItems,
        more: page.totalCapped ?? false,
        ideas: page.items.map((post) => summarize(post, context)),
      });
    }),
};

const getIdea: ChorusTool = {
  name: 'get_idea',
  title: 'Read an idea',
  description:
    'One idea in full: its text, board, status and official response, votes, the comments (up to 100, oldest first), and its status history. With a staff key, also the revenue and the companies of the customers who voted, the priority score and internal (staff-only) comments.',
  scope: 'read',
  annotations: READ_ONLY,
  inputSchema: { idea: IDEA_REFERENCE },
  run: (args, context) =>
    guarded(async () => {
      const id = ideaId((args as { idea: string }).idea);
      if (!id) return refusal('Give the idea as its 15-character id or its address on the site (…/p/<id>).');
      const { pb } = context;
      const [post, comments, history] = await Promise.all([
        readIdea(pb, id, { expand: IDEA_EXPAND, fields: IDEA_FIELDS }),
        listVisibleComments(pb, id, 100),
        listStatusHistory(pb, id),
      ]);
      const idea: Record<string, unknown> = {
        ...summarize(post, context, 20_000),
        response: String(post.response ?? ''),
        comments: comments.map((c) => ({
          id: c.id,
          author: c.author_name,
          body: c.body,
          ...(c.internal ? { internal: true } : {}),
          ...(c.parent ? { reply_to: c.parent } : {}),
          created: c.created,
        })),
        status_history: history,
      };
      if (scopeAllows(context.key.scope, 'staff')) {
        const insights = await findInsights(pb, id);
        idea.customers = {
          ...insights,
          companies: await companiesWaiting(pb, id),
        };
      }
      return jsonResult({ idea });
    }),
};

const ORDERS = ['votes', 'trending', 'newest', 'revenue', 'score'] as const;

const listTopIdeas: ChorusTool = {
  name: 'list_top_ideas',
  title: 'List the top ideas',
  description:
    'The top open ideas (not merged) by votes, trending or newest; with a staff key also by revenue (of the customers who voted), by priority score, or by the votes of one segment of customers. Optionally only one board or one status.',
  scope: 'read',
  annotations: READ_ONLY,
  inputSchema: {
    by: z.enum(ORDERS).default('votes').describe('Order: votes, trending, newest; staff keys also revenue and score'),
    segment: z
      .string()
      .regex(/^[a-z0-9]{15}$/)
      .optional()
      .describe('Staff keys: rank by the votes of this segment (its id)'),
    board: z
      .string()
      .regex(/^[a-z0-9]{15}$/)
      .optional()
      .describe('Only this board (its id)'),
    status: z.string().trim().min(1).max(60).optional().describe('Only this status (its name or slug, e.g. "Planned")'),
    limit: z.number().int().min(1).max(50).default(10).describe('How many (1–50, default 10)'),
  },
  run: (args, context) =>
    guarded(async () => {
      const { by, segment, board, status, limit } = args as {
        by: (typeof ORDERS)[number];
        segment?: string;
        board?: string;
        status?: string;
        limit: number;
      };
      const staff = scopeAllows(context.key.scope, 'staff');
      if ((by === 'revenue' || by === 'score' || segment) && !staff) {
        return refusal(
          `Ranking by ${segment ? 'segment' : by} needs an API key with the staff scope; this key (“${context.key.name}”) has the ${context.key.scope} scope.`,
        );
      }
      const { pb } = context;
      const conditions = ["merged_into = ''"];
      const params: Record<string, string> = {};
      if (board) {
        conditions.push('board = {:board}');
        params.board = board;
      }
      if (status) {
        const found = await listStatuses(pb);
        const match = found.find((s) => [s.name, s.slug].some((v) => String(v).toLowerCase() === status.toLowerCase()));
        if (!match)
          return refusal(`There is no status “${status}”: use one of ${JSON.stringify(found.map((s) => s.name))}.`);
        conditions.push('status = {:status}');
        params.status = match.id;
      }
      if (by === 'revenue' || by === 'score') {
        const prefixed = conditions.map((c) => c.replace(/^(merged_into|board|status)\b/, 'post.$1'));
        const ranked = await rankIdeasByWorth(pb, {
          filter: pb.filter(prefixed.join(' && '), params),
          by,
          limit,
          expand: 'post,post.board,post.status,post.tags',
        });
        const ideas = ranked.map(({ post, revenue, score }) => ({ ...summarize(post, context), revenue, score }));
        return jsonResult({ by, ideas });
      }
      const sort = { votes: '-vote_count,-created', trending: '-trending_score,-created', newest: '-created' }[
        by as 'votes' | 'trending' | 'newest'
      ];
      const found = await findIdeas(pb, {
        filter: pb.filter(conditions.join(' && '), params),
        sort,
        limit: segment ? 50 : limit,
        shape: { expand: IDEA_EXPAND, fields: IDEA_FIELDS },
      });
      let ideas = found.map((post) => ({
        ...summarize(post, context),
        segment_votes: undefined as number | undefined,
      }));
      if (segment && ideas.length > 0) {
        const counts = await loadSegmentVotes(
          pb,
          segment,
          ideas.map((idea) => idea.id),
        );
        const votesOf = (id: string) => Number(counts[id] ?? 0);
        ideas = ideas
          .map((idea) => ({ ...idea, segment_votes: votesOf(idea.id) }))
          .sort((a, b) => (b.segment_votes ?? 0) - (a.segment_votes ?? 0) || b.votes - a.votes)
          .slice(0, limit);
      }
      return jsonResult({ by: segment ? 'segment' : by, ideas });
    }),
};

const STOP_WORDS = new Set(
  'the and for with that this from have are was were will would could should into when what which there their about please add make allow support able'.split(
    ' ',
  ),
);

const findDuplicates: ChorusTool = {
  name: 'find_duplicates',
  title: 'Find likely duplicates',
  description:
    'Ideas that probably ask for the same thing as a text (a new request, an email, a ticket): searches with its most distinctive words and ranks ideas by how many of them they match, then by votes. Use it before creating or to suggest a merge.',
  scope: 'read',
  annotations: READ_ONLY,
  inputSchema: {
    text: z.string().trim().min(3).max(2000).describe('The request to compare, in any language'),
    limit: z.number().int().min(1).max(20).default(5).describe('How many candidates (1–20, default 5)'),
  },
  run: (args, context) =>
    guarded(async () => {
      const { text, limit } = args as { text: string; limit: number };
      const words = [...new Set(text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [])]
        .filter(
          (word) =>
            !STOP_WORDS.has(word) &&
            (word.length >= 3 || /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/u.test(word)),
        )
        .sort((a, b) => b.length - a.length)
        .slice(0, 4);
      if (words.length === 0) return jsonResult({ words, ideas: [] });
      const pages = await Promise.all(words.map((word) => search(context, word, 20)));
      const found = new Map<string, { post: RecordModel; matched: string[] }>();
      pages.forEach((page, i) => {
        for (const post of page.items) {
          const seen = found.get(post.id) ?? { post, matched: [] as string[] };
          seen.matched.push(words[i] as string);
          found.set(post.id, seen);
        }
      });
      const ideas = [...found.values()]
        .filter(({ post }) => !post.merged_into)
        .sort((a, b) => b.matched.length - a.matched.length || Number(b.post.vote_count) - Number(a.post.vote_count))
        .slice(0, limit)
        .map(({ post, matched }) => ({ ...summarize(post, context), matched_words: matched }));
      return jsonResult({ words, ideas });
    }),
};

export const readTools: ChorusTool[] = [searchIdeas, getIdea, listTopIdeas, findDuplicates];
