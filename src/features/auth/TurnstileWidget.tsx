// The Turnstile check on sign-up and on asking for a sign-in code: Cloudflare's script, loaded here only and only
// where the site turned it on, draws its challenge; the token goes to $turnstileToken (./turnstile.ts).
import { useStore } from '@nanostores/react';
import { useEffect, useRef } from 'react';
import { $turnstileSiteKey, $turnstileToken, onTurnstileReset } from './turnstile';

interface TurnstileApi {
  render(box: HTMLElement, options: Record<string, unknown>): string;
  reset(id: string): void;
  remove(id: string): void;
}
const SCRIPT = 'https://challenges.cloudflare.com/turnstile/v0/api.js?render=explicit';
let loading: Promise<TurnstileApi> | null = null;

function loadTurnstile(): Promise<TurnstileApi> {
  const ready = () => (window as { turnstile?: TurnstileApi }).turnstile;
  loading ??= new Promise((resolve, reject) => {
    const script = document.createElement('script');
    script.src = SCRIPT;
    script.async = true;
    script.onload = () => {
      const api = ready();
      if (api) resolve(api);
      else reject(new Error('Turnstile did not load'));
    };
    script.onerror = () => {
      loading = null;
      reject(new Error('Turnstile did not load'));
    };
    document.head.append(script);
  });
  return loading;
}

export function TurnstileWidget() {
  const siteKey = useStore($turnstileSiteKey);
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!siteKey) return;
    let id: string | undefined;
    let api: TurnstileApi | undefined;
    let gone = false;
    loadTurnstile()
      .then((loaded) => {
        if (gone || !box.current) return;
        api = loaded;
        id = loaded.render(box.current, {
          sitekey: siteKey,
          language: document.documentElement.lang || 'auto',
          callback: (token: string) => $turnstileToken.set(token),
          'expired-callback': () => $turnstileToken.set(''),
          'error-callback': () => {
            $turnstileToken.set('');
            return true;
          },
        });
        onTurnstileReset(() => id !== undefined && api?.reset(id));
      })
      .catch(() => undefined);
    return () => {
      gone = true;
      if (id !== undefined) api?.remove(id);
      onTurnstileReset(null);
    };
  }, [siteKey]);
  if (!siteKey) return null;
  return <div ref={box} className="turnstile" data-testid="turnstile" />;
}
