import { createServer } from 'node:net';

/** A port the OS says is free right now. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

/** Resolves when `host:port` can be bound; rejects with a clear message when something already listens there. */
export function assertPortFree(port: number, host: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', (error: NodeJS.ErrnoException) => {
      reject(
        error.code === 'EADDRINUSE'
          ? new Error(
              `Port ${port} (${host}) is already in use. Stop whatever is running there, or start on another port: PORT=3005 npm start`,
            )
          : error,
      );
    });
    server.listen(port, host, () => server.close(() => resolve()));
  });
}
