// One list of the moderation queue (ideas waiting for approval, comments held for review, reported items): seeded
// once with what the page loaded, then kept by its store; the list's empty message, or a card row per item.
import type { WritableAtom } from 'nanostores';
import type { ReactNode } from 'react';
import { useSeededStore } from '../../ui/hooks/use-seeded-store';

interface Props<T> {
  store: WritableAtom<T[] | null>;
  initial: T[];
  empty: string;
  emptyTestId?: string;
  children: (item: T) => ReactNode;
}

export function QueueList<T>({ store, initial, empty, emptyTestId, children }: Props<T>) {
  const items = useSeededStore(store, initial);
  if (items.length === 0) {
    return (
      <p className="muted" data-testid={emptyTestId}>
        {empty}
      </p>
    );
  }
  return <ul className="admin-list">{items.map(children)}</ul>;
}
