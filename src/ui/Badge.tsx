// A short mark beside a title or a name, twin of src/components/Badge.astro (same classes, same tones).
import type { ReactNode } from 'react';

interface Props {
  tone?: 'accent' | 'quiet';
  children: ReactNode;
  'data-testid'?: string;
}

export function Badge({ tone = 'accent', children, ...rest }: Props) {
  return (
    <span className={tone === 'accent' ? 'badge' : `badge badge-${tone}`} {...rest}>
      {children}
    </span>
  );
}
