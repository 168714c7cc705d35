// The one staff table: its column headings, its rows, and (when it may be wider than a phone) a region of its
// own that scrolls sideways, which the keyboard can reach and scroll too; on a phone, cards (./table-cards.ts).
// An empty list shows a sentence instead.
import { type ReactNode, useEffect, useRef } from 'react';
import { labelCells } from './table-cards';

interface Props {
  /** Names the table for screen readers (the scrolling region's label, or a hidden caption). */
  label: string;
  columns: ReadonlyArray<ReactNode | false>;
  /** Shown instead of the table when there are no rows. */
  empty?: ReactNode;
  rowCount?: number;
  /** Wider than a phone: scrolls in its own region (default); false for a narrow table that never needs to. */
  scrolls?: boolean;
  testId?: string;
  children: ReactNode;
}

export function AdminTable({ label, columns, empty, rowCount, scrolls = true, testId, children }: Props) {
  const ref = useRef<HTMLTableElement>(null);
  useEffect(() => labelCells(ref.current));
  if (empty !== undefined && rowCount === 0) return <p>{empty}</p>;
  const table = (
    <table className="admin-table" data-testid={testId} ref={ref}>
      {!scrolls && <caption className="visually-hidden">{label}</caption>}
      <thead>
        <tr>
          {columns.map(
            (column, index) =>
              column !== false && (
                // biome-ignore lint/suspicious/noArrayIndexKey: the columns are fixed for the table's life.
                <th scope="col" key={index}>
                  {column}
                </th>
              ),
          )}
        </tr>
      </thead>
      <tbody>{children}</tbody>
    </table>
  );
  if (!scrolls) return table;
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be focusable to scroll by keyboard.
    <section className="table-scroll" aria-label={label} tabIndex={0}>
      {table}
    </section>
  );
}
