// The header's Boards menu with many boards, enhanced (src/features/site/BoardsMenu.astro works without it): Escape
// or a click outside closes it (focus back on its button), and a filter as you type.
export function bindBoardsMenu(menu: HTMLDetailsElement): void {
  const summary = menu.querySelector('summary');
  menu.addEventListener('keydown', (event) => {
    if (event.key !== 'Escape' || !menu.open) return;
    menu.open = false;
    summary?.focus();
  });
  document.addEventListener('click', (event) => {
    if (menu.open && !menu.contains(event.target as Node)) menu.open = false;
  });
  const filter = menu.querySelector<HTMLInputElement>('[data-boards-filter]');
  if (!filter) return;
  const items = [...menu.querySelectorAll<HTMLLIElement>('li')];
  const none = menu.querySelector<HTMLElement>('[data-boards-none]');
  filter.hidden = false;
  menu.addEventListener('toggle', () => {
    if (menu.open) filter.focus();
  });
  filter.addEventListener('input', () => {
    const typed = filter.value.trim().toLocaleLowerCase();
    let shown = 0;
    for (const item of items) {
      item.hidden = typed !== '' && !(item.textContent ?? '').toLocaleLowerCase().includes(typed);
      if (!item.hidden) shown += 1;
    }
    if (none) none.hidden = shown > 0;
  });
}
