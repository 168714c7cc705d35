// Emoji reactions under a comment: counts, and the viewer's own highlighted.
import { currentLocale } from '../../i18n/current';
import { formatNumber } from '../../i18n/format';
import { EMOJIS } from '../../lib/pb/post-types';
import { useClientStore } from '../../ui/hooks/use-client-store';
import { $reactions, type Reaction, toggleReaction } from './reactions';

const NO_REACTIONS: Reaction[] = [];

export default function ReactionBar({ commentId, viewerId }: { commentId: string; viewerId: string | undefined }) {
  const reactions = useClientStore($reactions, NO_REACTIONS).filter((r) => r.comment === commentId);
  return (
    <div className="reactions">
      {EMOJIS.map((emoji) => {
        const count = reactions.filter((r) => r.emoji === emoji).length;
        const mine = reactions.some((r) => r.emoji === emoji && r.user === viewerId);
        return (
          <button
            key={emoji}
            type="button"
            className={count ? 'reaction has-count' : 'reaction'}
            aria-pressed={mine}
            onClick={() => void toggleReaction(commentId, emoji)}
          >
            {emoji}
            {count > 0 && <span>{formatNumber(currentLocale(), count)}</span>}
          </button>
        );
      })}
    </div>
  );
}
