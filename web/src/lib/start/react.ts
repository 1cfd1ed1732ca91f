/**
 * The first step of the app's start (main.tsx): only what it uses of React and
 * TanStack Query. Named here rather than taken from `import('react-dom/client')`
 * and `import('@tanstack/react-query')` there, because a package's namespace
 * from a dynamic import keeps every export in the bundle (tree-shaking cannot
 * see which are used): that was 3 KB gzipped of unused Query code on every page.
 */
export { createRoot, hydrateRoot } from 'react-dom/client';
export { startTransition } from 'react';
export { onlineManager } from '@tanstack/react-query';
