import { describe, expect, it } from 'vitest';
import { webMeasures } from './web';

const measure = (files: Record<string, string>) => webMeasures(Object.keys(files), (f) => files[f] ?? '');

describe('the web measures', () => {
  it('tells the three form styles apart', () => {
    const m = measure({
      'web/src/a/Rhf.tsx': 'const form = useForm<X>({ resolver: messagesResolver(v) }); <form onSubmit={s}>',
      'web/src/a/Inline.tsx': "useForm(); <form>{...register('name', { required: 'Name' })}</form>",
      'web/src/a/State.tsx': 'const [v, setV] = useState(""); return <form onSubmit={s}>',
      'web/src/a/Plain.tsx': 'return <p>no form</p>',
    });
    expect(m.forms).toEqual({
      'react-hook-form': ['web/src/a/Rhf.tsx'],
      'inline rules': ['web/src/a/Inline.tsx'],
      useState: ['web/src/a/State.tsx'],
    });
  });

  it('tells a named guard from an inline one and a role flag', () => {
    const m = measure({
      'web/src/routes/_admin.tsx':
        "import { requireRole } from '../lib/auth/guards';\nexport const Route = createFileRoute('/_admin')({ beforeLoad: requireRole('admin') })",
      'web/src/routes/x.tsx':
        'beforeLoad: async ({ context, location, search }) => { if (!search.token) await requireLogin({ context, location }); }',
      'web/src/routes/tech.tsx': "if (user.role === 'technician') return null; return <h1>Access Denied</h1>",
    });
    expect(m.guards).toEqual({
      guard: ['web/src/routes/_admin.tsx'],
      inline: ['web/src/routes/x.tsx'],
      'role flag': ['web/src/routes/tech.tsx'],
    });
  });
});
