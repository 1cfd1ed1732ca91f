/**
 * Issue 32's web measures for `npm run measure`: how many ways the web's forms
 * are written, and how many ways its routes guard a page. A style is a
 * pattern, so each is recognised by what its files say:
 *
 * Forms (every web/src .tsx file with a `<form` element, or a `useForm(` call):
 * - `react-hook-form`: the form's state is `useForm` (its rules, if any, a
 *   `resolver: messagesResolver(validate…)` from a validate.ts file, decision 014);
 * - `inline rules`: rules written into the component, `register(name, { validate | required | pattern … })`,
 *   or checked by hand in the submit handler (`setError` in a form without a resolver);
 * - `useState`: a `<form` whose component has no `useForm` (its values and checks in React state).
 *
 * Guards (every route file's `beforeLoad`):
 * - `guard`: a guard from lib/auth/guards.ts, named as the route's beforeLoad (`requireLogin`, `requireRole('admin')`);
 * - `inline`: a function written in the route that checks the user or calls a guard itself;
 * - `role flag`: a component that reads the user's role to decide whether to show the page.
 */

export type WebMeasures = {
  forms: Record<'react-hook-form' | 'inline rules' | 'useState', string[]>;
  guards: Record<'guard' | 'inline' | 'role flag', string[]>;
};

const INLINE_RULE =
  /register\(\s*[^,)]+,\s*\{[^}]*\b(validate|required|pattern|minLength|maxLength|min|max)\s*:/s;

export function webMeasures(files: readonly string[], read: (file: string) => string): WebMeasures {
  const web = files.filter((f) => f.startsWith('web/src/') && f.endsWith('.tsx') && !f.endsWith('.test.tsx'));
  const measures: WebMeasures = {
    forms: { 'react-hook-form': [], 'inline rules': [], useState: [] },
    guards: { guard: [], inline: [], 'role flag': [] },
  };
  for (const file of web) {
    const text = read(file);
    const hasForm = /<form[\s>]/.test(text);
    const usesForm = /\buseForm\s*[<(]/.test(text);
    // Checks in the submit handler (`setError` without a resolver) are rules written inline too.
    const handChecked = usesForm && /\.setError\(/.test(text) && !/resolver:/.test(text);
    if (INLINE_RULE.test(text) || handChecked) measures.forms['inline rules'].push(file);
    else if (usesForm) measures.forms['react-hook-form'].push(file);
    else if (hasForm) measures.forms.useState.push(file);

    if (!file.startsWith('web/src/routes/')) continue;
    const named = /beforeLoad:\s*([A-Za-z_$][\w$]*)\s*[(,\n]/.exec(text)?.[1];
    const fromGuards = /import\s*\{([^}]*)\}\s*from\s*'[./]*lib\/auth\/guards'/.exec(text)?.[1] ?? '';
    const guard = !!named && new RegExp(`\\b${named}\\b`).test(fromGuards);
    const inline =
      /beforeLoad:\s*(async\s*)?\(?[^)]*\)?\s*=>[\s\S]{0,400}?(context\.user|requireLogin|\.role\b)/.test(
        text,
      );
    if (guard) measures.guards.guard.push(file);
    if (inline) measures.guards.inline.push(file);
    if (/\buser\.role\s*===?\s*'(admin|technician)'[\s\S]{0,80}(Access Denied|<AccessDenied)/.test(text))
      measures.guards['role flag'].push(file);
  }
  return measures;
}

/** How many styles are in use (a style counts when one file uses it). */
export const stylesInUse = (byStyle: Record<string, string[]>): string[] =>
  Object.entries(byStyle)
    .filter(([, list]) => list.length > 0)
    .map(([style, list]) => `${style} ${list.length}`);

/** The table's rows and the details' lines, for measure.ts. */
export function webReport(files: readonly string[], read: (file: string) => string) {
  const m = webMeasures(files, read);
  const forms = stylesInUse(m.forms);
  const guards = stylesInUse(m.guards);
  const rows: [string, string, string][] = [
    ['web form styles', '1', `${forms.length} (${forms.join(', ')})`],
    ['web guard styles', '1', `${guards.length} (${guards.join(', ')})`],
  ];
  const list = (l: string[]) => l.map((f) => f.replace('web/src/', '')).join(', ') || 'none';
  const details = [
    '',
    '## Web: form and guard styles (scripts/measure/web.ts)',
    ...Object.entries(m.forms).map(([style, l]) => `- forms, ${style} (${l.length}): ${list(l)}`),
    ...Object.entries(m.guards).map(([style, l]) => `- guards, ${style} (${l.length}): ${list(l)}`),
  ];
  return { rows, details };
}
