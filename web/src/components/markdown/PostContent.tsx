import Markdown, { type Components } from 'react-markdown';
import { remarkShiftHeadings } from './headings';
import { safeUrl } from './urlTransform';
import './post-content.css';

const isExternal = (href: string | undefined) => !!href && /^https?:\/\//i.test(href);

const components: Components = {
  // A link whose URL was dropped renders as plain text: nothing to click.
  a: ({ node: _node, href, children, ...props }) =>
    href === undefined ? (
      <span>{children}</span>
    ) : (
      <a href={href} {...props} rel={isExternal(href) ? 'noopener noreferrer' : undefined}>
        {children}
      </a>
    ),
  img: ({ node: _node, src, alt, ...props }) =>
    src ? <img src={src} alt={alt ?? ''} loading="lazy" decoding="async" {...props} /> : null,
};

const remarkPlugins = [remarkShiftHeadings];

/**
 * A post's markdown (doc 2 §2, §5) through react-markdown: raw HTML is
 * dropped, and URLs keep only the protocols doc 2 §5 allows (safeUrl). This
 * module is imported only by the post page and the Blog Manager's preview
 * (a lazy admin chunk), so the renderer stays out of the other pages' bundles.
 */
export function PostContent({ markdown }: { markdown: string }) {
  return (
    <div className="post-content">
      <Markdown skipHtml urlTransform={safeUrl} remarkPlugins={remarkPlugins} components={components}>
        {markdown}
      </Markdown>
    </div>
  );
}
