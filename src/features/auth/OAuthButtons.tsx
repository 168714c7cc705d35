// "Continue with GitHub" and the like, for the providers the operator configured in PocketBase.
import { translator } from '../../i18n/current';
import { continueTo } from '../../lib/next-path';
import { FormAlert } from '../../ui/FormAlert';
import { useFormAction } from '../../ui/hooks/use-form-action';
import { signInWithProvider } from './auth';
import type { OAuthProvider } from './auth-data';

export function OAuthButtons({ providers, next }: { providers: OAuthProvider[]; next: string | null }) {
  const { busy, error, run } = useFormAction();
  if (providers.length === 0) return null;

  async function choose(provider: string) {
    if (await run(() => signInWithProvider(provider), true)) continueTo(next);
  }

  return (
    <div className="form">
      <FormAlert error={error} shown={[]} />
      {providers.map((provider) => (
        <button
          key={provider.name}
          className="button"
          type="button"
          disabled={busy}
          onClick={() => choose(provider.name)}
        >
          {translator('signIn')('continueWith', { provider: provider.displayName })}
        </button>
      ))}
    </div>
  );
}
