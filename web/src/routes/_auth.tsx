import { createFileRoute } from '@tanstack/react-router';
import { requireLogin } from '../lib/auth/guards';

/**
 * The login guard as a pathless layout (doc 1 §2): every route under _auth/
 * (/dashboard, /admin) needs a signed-in user. Without one, the guard goes to
 * /login and remembers where the visitor was going; with one, it puts `user`
 * into the context of the routes below. The layout itself renders only its child.
 */
export const Route = createFileRoute('/_auth')({
  beforeLoad: requireLogin,
});
