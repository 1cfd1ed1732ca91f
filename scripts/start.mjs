// `npm start`: install if needed, build the web app, then run the local stack
// (functions/src/local/start.ts) in the foreground.
//
// Stopping: Ctrl-C, or SIGINT / SIGTERM sent to the npm process alone, stops
// everything. npm passes those signals to its child only; the "start" script
// `exec`s this file, so that child is this process (not a shell that would die
// and leave us running). Each step runs as a child that gets the signal
// passed on; the local stack then stops its stand-ins (DynamoDB Local's Java
// too) before exiting. If our parent disappears without a signal (killed
// outright), we stop as well.
import { spawn } from 'node:child_process';

/** The step running now, which receives the signals; null between steps. */
let child = null;
let stopSignal = null;

function stop(signal) {
  stopSignal ??= signal;
  if (child) child.kill(signal);
  else process.exit(1);
}

for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.on(signal, () => stop(signal === 'SIGHUP' ? 'SIGTERM' : signal));
}
const parent = process.ppid;
setInterval(() => {
  if (process.ppid !== parent && !stopSignal) stop('SIGTERM');
}, 500).unref();

/** Runs `node <args>` with our stdio and resolves with its exit code. */
function node(args) {
  return new Promise((resolve) => {
    child = spawn(process.execPath, args, { stdio: 'inherit' });
    child.on('exit', (code, signal) => {
      child = null;
      resolve(code ?? (signal ? 1 : 0));
    });
  });
}

/** Ends this process when a step failed or a stop was asked for. */
function after(code) {
  if (code !== 0 || stopSignal) process.exit(code !== 0 ? code : 1);
}

after(await node(['scripts/ensure-install.mjs']));

if (process.env.SKIP_BUILD !== '1') {
  console.log('Building the web app ...');
  after(await node(['web/scripts/build.mjs', '--logLevel', 'warn']));
}

// The server handles the signal itself (it stops the stand-ins); we wait for it.
process.exit(await node(['--import', 'tsx', 'functions/src/local/start.ts']));
