// Virtual users for the load bench (docs/benchmarks.md#load): each one a loop of one kind of
// request, as a person at the console makes them, with a think time between (uniform 0.5-1.5 s,
// the pause of a user reading the answer). Unlike a closed loop that sends the next request the
// moment an answer arrives, the offered load does not grow with the server's speed.

export type Persona = {
  route: string;
  users: number;
  /** The request of the user's n-th step. */
  request: (
    user: number,
    step: number,
  ) => { method: string; path: string; body?: unknown; token?: string };
};

export type RouteFigures = {
  route: string;
  requests: number;
  errors: number;
  /** 429 answers: the user waits the Retry-After the server asked for, as the console does. */
  refused: number;
  latencies: number[];
};

const THINK_MIN_MS = 500;
const THINK_SPREAD_MS = 1000;
const TIMEOUT_MS = 30_000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export async function runVirtualUsers(
  api: string,
  personas: Persona[],
  seconds: number,
): Promise<RouteFigures[]> {
  const deadline = Date.now() + seconds * 1000;
  const figures = personas.map((p) => ({
    route: p.route,
    requests: 0,
    errors: 0,
    refused: 0,
    latencies: [] as number[],
  }));
  const user = async (persona: Persona, index: number, into: RouteFigures) => {
    // Users arrive over the first think time, not all in the same millisecond.
    await sleep(Math.random() * (THINK_MIN_MS + THINK_SPREAD_MS));
    for (let step = 0; Date.now() < deadline; step += 1) {
      const { method, path, body, token } = persona.request(index, step);
      const started = performance.now();
      let retryAfterS = 0;
      try {
        const response = await fetch(`${api}${path}`, {
          method,
          headers: {
            ...(token ? { authid: token } : {}),
            ...(body === undefined ? {} : { 'content-type': 'application/json' }),
          },
          body: body === undefined ? undefined : JSON.stringify(body),
          signal: AbortSignal.timeout(TIMEOUT_MS),
        });
        await response.arrayBuffer();
        if (response.status === 429) {
          into.refused += 1;
          retryAfterS = Number(response.headers.get('retry-after') ?? 1);
        } else if (!response.ok) into.errors += 1;
      } catch {
        into.errors += 1;
      }
      into.requests += 1;
      into.latencies.push(performance.now() - started);
      await sleep(retryAfterS * 1000 + THINK_MIN_MS + Math.random() * THINK_SPREAD_MS);
    }
  };
  await Promise.all(
    personas.flatMap((persona, p) =>
      Array.from({ length: persona.users }, (_, i) => user(persona, i, figures[p]!)),
    ),
  );
  return figures;
}

/** The q-quantile (0..1) of `values`, nearest rank. */
export function quantile(values: number[], q: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))]!;
}
