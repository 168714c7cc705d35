// The accessible name of an action button that shows only its verb ("Delete") but acts on one thing:
// "Delete Roadmap", "ロードマップを削除". One message per locale places the target and any separator; it
// goes whole into aria-label, since words split across hidden elements get spaces the locale did not write.
import { translate } from '../i18n/current';

export function actionName(action: string, target: string): string {
  return translate('accessibleNames', 'actionOn', { action, target });
}
