// A button's or link's visible verb with its hidden target around it (src/lib/action-name.ts), for islands.
import { actionName } from '../lib/action-name';

export default function ActionLabel({ action, target }: { action: string; target: string }) {
  const { before, after } = actionName(action, target);
  return (
    <>
      {before && <span className="visually-hidden">{before}</span>}
      {action}
      {after && <span className="visually-hidden">{after}</span>}
    </>
  );
}
