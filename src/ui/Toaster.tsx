// The toaster inside a React island (admin and embedded pages): the region toast-region.ts keeps, as on public pages.
import { useEffect, useRef } from 'react';
import { bindToastRegion } from './toast-region';

export default function Toaster() {
  const region = useRef<HTMLDivElement>(null);
  useEffect(() => (region.current ? bindToastRegion(region.current) : undefined), []);
  return <div ref={region} className="toaster" role="status" aria-live="polite" data-live="waiting" />;
}
