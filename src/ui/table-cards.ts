// A staff table reads as cards on a phone (staff.css): each cell shows its column's name above it, copied here
// from the table's headings into the cell's data-label. Run on every render (rows come and go live).
export function labelCells(table: HTMLTableElement | null): void {
  if (!table) return;
  const names = Array.from(table.tHead?.rows[0]?.cells ?? [], (heading) => heading.textContent?.trim() ?? '');
  for (const body of Array.from(table.tBodies)) {
    for (const row of Array.from(body.rows)) {
      let column = 0;
      for (const cell of Array.from(row.cells)) {
        const name = names[column] ?? '';
        if (cell.dataset.label !== name) cell.dataset.label = name;
        column += cell.colSpan;
      }
    }
  }
}
