import { statSync } from 'node:fs';
import { basename, dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { type FunctionName, lambdaFunctions } from '../../../infra/environment';

const root = fileURLToPath(new URL('../../../', import.meta.url));

/** The file of a handler as SST resolves it: `functions/src/lambda/api.handler` is `functions/src/lambda/api.ts`. */
const entryOf = (fn: FunctionName) =>
  resolve(root, `${lambdaFunctions[fn].handler.replace(/\.[^./]+$/, '')}.ts`);

/** The Lambda entry points, from each function's `handler` in infra/environment.ts. */
export const lambdaEntries = { api: entryOf('api'), cron: entryOf('cron'), texts: entryOf('texts') } as const;

/**
 * Bundles a Lambda entry point as SST bundles it (`nodejs: { minify: true,
 * splitting: true }` in infra/): minified ESM for Node 22, every dependency
 * included, with `require` available to the CommonJS parts of the
 * dependencies. Code that is imported dynamically (the S3 SDK: only uploads
 * need it) becomes a chunk of its own beside the entry, loaded on first use,
 * so a cold start parses only what it needs. `bytes` is what a cold start
 * loads (the entry and the chunks it imports statically); `totalBytes` counts
 * every file. The bench measures
 * these files and the bundle test runs them.
 */
export async function bundleLambda(
  entry: string,
  outfile: string,
  options: { external?: readonly string[] } = {},
): Promise<{ outfile: string; bytes: number; totalBytes: number; files: string[] }> {
  const result = await build({
    entryPoints: { [basename(outfile, '.mjs')]: entry },
    bundle: true,
    minify: true,
    splitting: true,
    platform: 'node',
    // SST's Node bundling (its Go CLI) resolves a package's ESM build first; esbuild's default for
    // platform 'node' is main first, which bundles the AWS SDKs' CommonJS builds instead.
    mainFields: ['module', 'main'],
    target: 'node22',
    format: 'esm',
    outdir: dirname(outfile),
    outExtension: { '.js': '.mjs' },
    chunkNames: 'chunks/[name]-[hash]',
    // Installed beside the bundle, as infra/api.ts's `nodejs.install` does: it has a native part.
    external: [...(options.external ?? ['sharp'])],
    metafile: true,
    logLevel: 'error',
    banner: {
      js: "import { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);",
    },
  });
  const outputs = result.metafile.outputs;
  const totalBytes = Object.values(outputs).reduce((sum, output) => sum + output.bytes, 0);
  // What a cold start loads: the entry and every chunk it imports statically, transitively.
  const entryKey = Object.keys(outputs).find((path) => resolve(path) === resolve(outfile));
  const loaded = new Set<string>();
  const visit = (path: string) => {
    if (loaded.has(path)) return;
    loaded.add(path);
    for (const imported of outputs[path]?.imports ?? []) {
      if (imported.kind === 'import-statement' && !imported.external) visit(imported.path);
    }
  };
  if (entryKey) visit(entryKey);
  const bytes = [...loaded].reduce((sum, path) => sum + (outputs[path]?.bytes ?? 0), 0);
  return {
    outfile,
    bytes: bytes || statSync(outfile).size,
    totalBytes,
    files: Object.keys(outputs).map((path) => resolve(path)),
  };
}
