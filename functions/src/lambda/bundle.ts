import { statSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

/** The Lambda entry points, as infra/ names them in each function's `handler`. */
export const lambdaEntries = {
  api: fileURLToPath(new URL('./api.ts', import.meta.url)),
  cron: fileURLToPath(new URL('./cron.ts', import.meta.url)),
} as const;

/**
 * Bundles a Lambda entry point as SST bundles it (`nodejs: { minify: true }`
 * in infra/): one minified ESM file for Node 22, every dependency included,
 * with `require` available to the CommonJS parts of the dependencies. The
 * bench measures this file and the bundle test runs it.
 */
export async function bundleLambda(
  entry: string,
  outfile: string,
): Promise<{ outfile: string; bytes: number }> {
  await build({
    entryPoints: [entry],
    bundle: true,
    minify: true,
    platform: 'node',
    target: 'node22',
    format: 'esm',
    outfile,
    logLevel: 'error',
    banner: {
      js: "import { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);",
    },
  });
  return { outfile, bytes: statSync(outfile).size };
}
