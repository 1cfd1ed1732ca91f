/**
 * The first step of the app's start (main.tsx, home/start.tsx): only what it uses
 * of React. Named here rather than taken from `import('react-dom/client')`
 * there, because a package's namespace from a dynamic import keeps every
 * export in the bundle (tree-shaking cannot see which are used): with
 * TanStack Query's that was 3 KB gzipped of unused code on every page.
 */
export { createRoot, hydrateRoot } from 'react-dom/client';
export { startTransition } from 'react';
