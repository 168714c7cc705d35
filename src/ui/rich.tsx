// Puts elements into a translated sentence, so links and emphasis stay inside one message:
// rich(t('welcome'), { a: (text) => <a href="/signin">{text}</a> }, { name }) for "<a>Sign in</a> to …".
import { Fragment, type ReactNode } from 'react';

const TAG = /<(\w+)>(.*?)<\/\1>/g;

/** `message` with its `<tag>…</tag>` parts rendered by `tags` and `{name}` filled from `values` (as text, never markup). */
export function rich(
  message: string,
  tags: Record<string, (text: string) => ReactNode>,
  values: Record<string, string> = {},
): ReactNode[] {
  const fill = (text: string) => text.replace(/\{(\w+)\}/g, (whole, name: string) => values[name] ?? whole);
  const parts: ReactNode[] = [];
  let last = 0;
  for (const match of message.matchAll(TAG)) {
    const [whole, tag = '', inner = ''] = match;
    parts.push(fill(message.slice(last, match.index)));
    const render = tags[tag];
    parts.push(<Fragment key={match.index}>{render ? render(fill(inner)) : fill(inner)}</Fragment>);
    last = match.index + whole.length;
  }
  parts.push(fill(message.slice(last)));
  return parts;
}
