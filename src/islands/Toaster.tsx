// Shows the current toast (e.g. a refused vote) and a lost live connection, in a polite live region.
import { $connection, $subscribed } from '../stores/realtime';
import { $toast, dismissToast } from '../stores/toast';
import { useClientStore } from './hooks/use-client-store';

export default function Toaster() {
  const toast = useClientStore($toast, null);
  const connection = useClientStore($connection, 'connecting');
  const subscribed = useClientStore($subscribed, false);
  return (
    <div
      className="toaster"
      role="status"
      aria-live="polite"
      data-live={subscribed && connection === 'online' ? 'ready' : 'waiting'}
    >
      {connection === 'reconnecting' && <p className="toast">Reconnecting… live updates resume by themselves.</p>}
      {toast && (
        <p className="toast" key={toast.id} data-testid="toast">
          {toast.message}{' '}
          <button type="button" className="button link" onClick={dismissToast}>
            Dismiss
          </button>
        </p>
      )}
    </div>
  );
}
