/**
 * The second step of the app's start (main.tsx): the router's modules, loaded
 * and run in a task of their own. One name is enough to load its chunk; a
 * dynamic `import('@tanstack/react-router')` would keep every export of the
 * package in the bundle instead of the ones the pages use.
 */
export { RouterProvider } from '@tanstack/react-router';
