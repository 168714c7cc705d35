// Shows the current toast (e.g. a refused vote) in a polite live region.
import { useStore } from '@nanostores/react';
import { $toast, dismissToast } from '../stores/toast';

export default function Toaster() {
  const toast = useStore($toast);
  return (
    <div className="toaster" role="status" aria-live="polite">
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
