/** A real local HTTP server for tests (the health check talks to it over a socket). */
import { createServer, type RequestListener, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface TestServer {
  url: string;
  close: () => Promise<void>;
}

export async function startHttpServer(listener: RequestListener): Promise<TestServer> {
  const server: Server = createServer(listener);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** Answers `/api/health` like the Ridgeline server. */
export const healthyRidgeline: RequestListener = (req, res) => {
  if (req.url === '/api/health') {
    res.writeHead(200, { 'Content-Type': 'application/json' }).end('{"status":"ok"}');
    return;
  }
  res.writeHead(404).end();
};

/** A port on which nothing listens (bound, then released). */
export async function closedPortUrl(): Promise<string> {
  const server = await startHttpServer(() => undefined);
  await server.close();
  return server.url;
}
