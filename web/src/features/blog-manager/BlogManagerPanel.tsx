import { useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import {
  ConfirmDelete,
  DeleteButton,
  useConfirmation,
  useDeleteMutation,
} from '../../components/admin/ConfirmAction';
import { NoticeLine, PanelButton, useNotice } from '../../components/admin/notice';
import { formatDate } from '../../lib/date';
import { adminPostsQueryOptions, deletePost, POSTS_KEY, type PostInfo } from './api';
import { PostEditor } from './components/PostEditor';
import { blogMessages } from './validate';
import './blog-manager.css';
import { ListState } from '../../components/ui/ListState';
import { ShowMore } from '../../components/ui/ShowMore';

type Mode = { kind: 'list' } | { kind: 'create' } | { kind: 'edit'; post: PostInfo };

/**
 * The Blog Manager (doc 2 §2, §4): the list of posts, a create mode and an
 * edit mode (title, summary, markdown content with a preview through the
 * post page's own safe renderer, hero image, likes and comments switches),
 * and delete after 'Are you sure you want to delete this post?'. Texts of
 * doc 2 §8; a failure shows the server's msg when it has one.
 */
export default function BlogManagerPanel() {
  const queryClient = useQueryClient();
  const posts = useInfiniteQuery(adminPostsQueryOptions());
  const listed = posts.data?.pages.flatMap((page) => page.items) ?? [];
  const [mode, setMode] = useState<Mode>({ kind: 'list' });
  const notice = useNotice();
  const confirmation = useConfirmation<PostInfo>();
  const refresh = () => queryClient.invalidateQueries({ queryKey: POSTS_KEY });

  const remove = useDeleteMutation({
    del: deletePost,
    notice,
    refresh,
    deleted: blogMessages.deleted,
    failed: blogMessages.deleteFailed,
  });

  if (mode.kind !== 'list') {
    return (
      <PostEditor
        key={mode.kind === 'edit' ? mode.post._id : 'new'}
        post={mode.kind === 'edit' ? mode.post : null}
        onDone={async (text) => {
          setMode({ kind: 'list' });
          notice.set(text ? { tone: 'success', text } : null);
          if (text) await refresh();
        }}
      />
    );
  }

  return (
    <div className="blog-manager">
      <p>
        <PanelButton tone="primary" before={notice.clear} onClick={() => setMode({ kind: 'create' })}>
          New Post
        </PanelButton>
      </p>
      <NoticeLine notice={notice.notice} />
      <ListState
        query={posts}
        loading="Loading posts..."
        failed={blogMessages.fetchFailed}
        empty={() => listed.length === 0 && 'No posts yet.'}
      >
        {() => (
          <ul className="blog-manager__list">
            {listed.map((post) => (
              <li key={post._id} className="blog-manager__item" data-testid="admin-post">
                {post.heroImage ? (
                  <img className="blog-manager__thumb" src={post.heroImage} alt="" loading="lazy" />
                ) : (
                  <span className="blog-manager__thumb blog-manager__thumb--none" aria-hidden="true" />
                )}
                <div className="blog-manager__body">
                  <p className="blog-manager__title">
                    <a href={`/blog/${post.slug}`} target="_blank" rel="noreferrer">
                      {post.title}
                    </a>
                  </p>
                  <p className="blog-manager__meta">
                    {formatDate(post.createdAt)} · {post.likes.length}{' '}
                    {post.likes.length === 1 ? 'like' : 'likes'}
                    {!post.allowComments && ' · comments off'}
                    {!post.allowLikes && ' · likes off'}
                  </p>
                </div>
                <div className="blog-manager__actions">
                  <PanelButton
                    before={notice.clear}
                    onClick={() => setMode({ kind: 'edit', post })}
                    named={post.title}
                  >
                    Edit
                  </PanelButton>
                  <DeleteButton confirmation={confirmation} target={post} before={notice.clear}>
                    {post.title}
                  </DeleteButton>
                </div>
              </li>
            ))}
          </ul>
        )}
      </ListState>
      <ShowMore pages={posts} label="Load more posts" className="blog-manager__more" />
      <ConfirmDelete confirmation={confirmation} remove={remove} what="post">
        {(post) => (
          <>
            <p>{blogMessages.confirmDelete}</p>
            <p className="blog-manager__meta">“{post.title}”, with its comments and its image.</p>
          </>
        )}
      </ConfirmDelete>
    </div>
  );
}
