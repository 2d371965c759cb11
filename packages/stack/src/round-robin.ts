import { createServer, request, type Server } from 'node:http';

/**
 * A balancer in front of several instances of one service, each request to the next instance in
 * turn (as a round-robin load balancer does, with no affinity): what a team runs to have any
 * number of release services behind one name, and what the browser tests check it against.
 */
export async function startRoundRobin(options: {
  readonly host: string;
  readonly port: number;
  readonly upstreams: readonly string[];
}): Promise<{ readonly url: string; close(): Promise<void> }> {
  let next = 0;
  const server: Server = createServer((req, res) => {
    const upstream = new URL(options.upstreams[next++ % options.upstreams.length]!);
    const forwarded = request(
      {
        host: upstream.hostname,
        port: upstream.port,
        method: req.method,
        path: req.url,
        // The Host the browser asked for: the service checks DPoP proofs against its public origin.
        headers: req.headers,
      },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    forwarded.on('error', () => {
      if (!res.headersSent) res.writeHead(502, { 'content-type': 'text/plain' });
      res.end('The instance did not answer.');
    });
    req.pipe(forwarded);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => resolve());
  });
  return {
    url: `http://${options.host}:${options.port}`,
    close: async () => {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
