// An action button that shows only its verb ("Delete") but names what it acts on for screen readers
// ("Delete Roadmap", "ロードマップを削除"): one message per locale places the target and any separator.
import { translate } from '../i18n/current';
import { aroundPlaceholder } from './message-parts';

export interface ActionName {
  /** Hidden words before the visible action (Japanese puts the target first). */
  before: string;
  action: string;
  /** Hidden words after it. */
  after: string;
}

export function actionName(action: string, target: string): ActionName {
  const [before, after] = aroundPlaceholder(translate('accessibleNames', 'actionOn', { target }), 'action');
  return { before, action, after };
}
