// The roadmap's columns and cards, each with its vote button: server-rendered, then live. Plain lists of links, one column per
// roadmap status, so it reads well by keyboard and screen reader; moves are announced politely.

import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import { currentLocale, translator } from '../../i18n/current';
import { formatNumber } from '../../i18n/format';
import { formatEta } from '../../lib/eta-label';
import { useClientStore } from '../../ui/hooks/use-client-store';
import VoteButton from '../votes/VoteButton';
import { $roadmapAnnouncement, $roadmapCards, followRoadmap } from './roadmap';
import type { RoadmapCard, RoadmapColumn } from './roadmap-data';

interface Props {
  columns: RoadmapColumn[];
  cards: RoadmapCard[];
  /** Board names by id. */
  boards: Record<string, string>;
  /** The viewer sees public boards only. */
  everyBoardPublic?: boolean | undefined;
  /** Staff only: a line per card id (its votes from a segment). */
  notes?: Record<string, string> | undefined;
  /** The member audience's copy: vote buttons wait for the member's own votes. */
  pending?: boolean | undefined;
}

export default function RoadmapBoard({ columns, cards, boards, everyBoardPublic, notes, pending }: Props) {
  // The server's cards while hydrating (the store may already hold newer ones when a live change woke it).
  const live = useClientStore($roadmapCards, null) ?? cards;
  const announcement = useStore($roadmapAnnouncement);
  const t = translator('roadmap');
  useEffect(() => followRoadmap(columns, cards, everyBoardPublic), [columns, cards, everyBoardPublic]);
  return (
    <div className="roadmap">
      {columns.map((column) => {
        const inColumn = live.filter((card) => card.status === column.id);
        const headingId = `column-${column.slug}`;
        return (
          <section
            key={column.id}
            className="roadmap-column"
            aria-labelledby={headingId}
            data-status={column.slug}
            data-column={column.id}
          >
            <h2 id={headingId}>
              {column.name} <span className="count">({formatNumber(currentLocale(), inColumn.length)})</span>
            </h2>
            {inColumn.length === 0 ? (
              <p className="muted">{t('empty')}</p>
            ) : (
              <ol className="roadmap-cards">
                {inColumn.map((card) => (
                  <li key={card.id} className="roadmap-card" data-testid="roadmap-card" data-post={card.id}>
                    <VoteButton
                      postId={card.id}
                      count={card.votes}
                      status={card.status}
                      compact
                      isPublic={everyBoardPublic}
                      pending={pending}
                    />
                    <span className="roadmap-card-text">
                      <a href={`/p/${card.id}`}>{card.title}</a>
                      <span className="meta">{boards[card.board] ?? t('board')}</span>
                      {card.eta && (
                        <span className="meta" data-testid="roadmap-eta">
                          {translator('eta')('target', { when: formatEta(card.eta) })}
                        </span>
                      )}
                      {notes?.[card.id] && (
                        <span className="meta" data-testid="segment-votes">
                          {notes[card.id]}
                        </span>
                      )}
                    </span>
                  </li>
                ))}
              </ol>
            )}
          </section>
        );
      })}
      <p className="visually-hidden" role="status" aria-live="polite">
        {announcement}
      </p>
    </div>
  );
}
