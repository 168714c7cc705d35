// Waking islands that wait (`client:interact={{ wake: name }}`): a page module that sees something live
// change for them tells them to hydrate, so they can show it.
export const WAKE_EVENT = 'chorus:wake';

export function wakeIslands(name: string): void {
  dispatchEvent(new CustomEvent(WAKE_EVENT, { detail: name }));
}
