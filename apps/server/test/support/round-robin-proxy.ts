import http from 'node:http';

// A load balancer in a few lines, for the tests of several nodes (docs/operations.md#several-nodes):
// each request goes to the next node in turn, with X-Forwarded-For as a real proxy sets it, and
// the answer names the node that served it (x-upstream).

export type LoadBalancer = { url: string; served: string[]; close: () => Promise<void> };

export async function startRoundRobinProxy(upstreams: string[]): Promise<LoadBalancer> {
  let next = 0;
  const served: string[] = [];
  const server = http.createServer((request, response) => {
    const upstream = upstreams[next++ % upstreams.length]!;
    served.push(upstream);
    const forwarded = http.request(
      `${upstream}${request.url}`,
      {
        method: request.method,
        headers: {
          ...request.headers,
          'x-forwarded-for': request.socket.remoteAddress ?? '127.0.0.1',
          'x-forwarded-proto': 'http',
        },
      },
      (answer) => {
        response.writeHead(answer.statusCode ?? 502, {
          ...answer.headers,
          'x-upstream': upstream,
        });
        answer.pipe(response);
      },
    );
    forwarded.on('error', () => {
      response.writeHead(502).end();
    });
    request.pipe(forwarded);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${address.port}`,
    served,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
