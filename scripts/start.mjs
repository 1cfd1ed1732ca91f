// `npm start`: install if needed, build the web app, then run the local stack
// (functions/src/local/start.ts) in the foreground. Ctrl-C stops everything.
import { spawn, spawnSync } from 'node:child_process';

const run = (args) => spawnSync(process.execPath, args, { stdio: 'inherit' });

if (spawnSync(process.execPath, ['scripts/ensure-install.mjs'], { stdio: 'inherit' }).status !== 0)
  process.exit(1);

if (process.env.SKIP_BUILD !== '1') {
  console.log('Building the web app ...');
  const build = run(['node_modules/vite/bin/vite.js', 'build', 'web', '--logLevel', 'warn']);
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const server = spawn(process.execPath, ['--import', 'tsx', 'functions/src/local/start.ts'], {
  stdio: 'inherit',
});
// The child handles Ctrl-C itself (it stops the stand-ins); the parent waits for it.
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.on(signal, () => server.kill(signal === 'SIGHUP' ? 'SIGTERM' : signal));
}
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
