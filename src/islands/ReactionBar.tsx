// Emoji reactions under a comment: counts, and the viewer's own highlighted.
import { useStore } from '@nanostores/react';
import { EMOJIS } from '../lib/pb/post-types';
import { $reactions, toggleReaction } from '../stores/reactions';

export default function ReactionBar({ commentId, viewerId }: { commentId: string; viewerId: string | undefined }) {
  const reactions = useStore($reactions).filter((r) => r.comment === commentId);
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
            {count > 0 && <span>{count}</span>}
          </button>
        );
      })}
    </div>
  );
}
