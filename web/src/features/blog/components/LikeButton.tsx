type LikeButtonProps = {
  count: number;
  liked: boolean;
  busy: boolean;
  onClick: () => void;
};

/** The post's like toggle (doc 2 §2): shows the likers' count; pressed when the viewer likes it. */
export function LikeButton({ count, liked, busy, onClick }: LikeButtonProps) {
  return (
    <button
      type="button"
      className="like-button"
      aria-pressed={liked}
      aria-busy={busy || undefined}
      onClick={() => {
        if (!busy) onClick();
      }}
    >
      <span aria-hidden="true">{liked ? '♥' : '♡'}</span>
      <span>{liked ? 'Liked' : 'Like'}</span>
      <span className="like-button__count" data-testid="like-count">
        {count}
      </span>
      <span className="visually-hidden">{count === 1 ? 'like' : 'likes'}</span>
    </button>
  );
}
