// Shows the current toast (e.g. a refused vote) and a lost live connection, in a polite live region.
import { translator } from '../i18n/current';
import { $connection, $subscribed } from '../stores/realtime';
import { $toast, dismissToast } from '../stores/toast';
import { useClientStore } from './hooks/use-client-store';

export default function Toaster() {
  const toast = useClientStore($toast, null);
  const connection = useClientStore($connection, 'connecting');
  const subscribed = useClientStore($subscribed, false);
  const t = translator('toasts');
  return (
    <div
      className="toaster"
      role="status"
      aria-live="polite"
      data-live={subscribed && connection === 'online' ? 'ready' : 'waiting'}
    >
      {connection === 'reconnecting' && <p className="toast">{t('reconnecting')}</p>}
      {toast && (
        <p className="toast" key={toast.id} data-testid="toast">
          {toast.message}{' '}
          <button type="button" className="button link" onClick={dismissToast}>
            {t('dismiss')}
          </button>
        </p>
      )}
    </div>
  );
}
