// A held item's two decisions in the moderation queue (an idea waiting for approval, a comment held for review): let
// it through (`keep`: approve, publish), or delete it, asking `confirm` first. Each button names the item it acts on.
import { translator } from '../../i18n/current';
import { ActionButton } from '../../ui/ActionButton';

interface Props {
  keep: string;
  target: string;
  confirm: string;
  decide: (keep: boolean) => void;
}

export function KeepOrDelete({ keep, target, confirm, decide }: Props) {
  const t = translator('adminQueue');
  return (
    <>
      <ActionButton verb={keep} target={target} tone="primary" onClick={() => decide(true)} />
      <ActionButton verb={t('delete')} target={target} tone="danger" confirm={confirm} onClick={() => decide(false)} />
    </>
  );
}
