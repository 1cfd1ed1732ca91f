import { serve } from '@hono/node-server';

/** A running stand-in: its base URL and how to stop it. */
export type RunningStandIn = { url: string; stop: () => Promise<void> };

/**
 * Serves a stand-in's app on `host:port`; resolves once it listens (rejects
 * when the port is taken). `stop` closes open connections and the server.
 * Every local stand-in (location, sms, square, vpic) starts through it.
 */
export async function serveStandIn(
  app: { fetch: (request: Request) => Response | Promise<Response> },
  options: { host: string; port: number },
): Promise<RunningStandIn> {
  const server = await new Promise<ReturnType<typeof serve>>((resolve, reject) => {
    const started = serve({ fetch: app.fetch, hostname: options.host, port: options.port }, () =>
      resolve(started),
    );
    started.once('error', reject);
  });
  return {
    url: `http://${options.host}:${options.port}`,
    stop: () =>
      new Promise<void>((resolve) => {
        if ('closeAllConnections' in server) server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
