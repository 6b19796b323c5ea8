// A TCP proxy a test puts between the site and a part it depends on
// (PostgreSQL, s3rver), to take that part away without touching it:
//   stop()    the part is down: open connections are cut, new ones refused;
//   freeze()  the part hangs: connections stay open (new ones are accepted)
//             but no byte goes either way;
//   resume()  the part is back: new connections are forwarded again.
// The shared PostgreSQL server is never stopped or frozen itself.
import net from "node:net";

export type FaultProxy = {
  /** host:port of the proxy, to put in a URL in place of the target's. */
  host: string;
  port: number;
  /** `url` with its host and port replaced by the proxy's. */
  through(url: string): string;
  stop(): Promise<void>;
  freeze(): void;
  resume(): Promise<void>;
  close(): Promise<void>;
};

type Pair = { client: net.Socket; upstream: net.Socket };

export async function startFaultProxy(target: { host: string; port: number }): Promise<FaultProxy> {
  const pairs = new Set<Pair>();
  let frozen = false;
  let listening: net.Server | null = null;
  let port = 0;

  const cut = (pair: Pair) => {
    pairs.delete(pair);
    pair.client.destroy();
    pair.upstream.destroy();
  };

  const onConnection = (client: net.Socket) => {
    const upstream = net.connect(target);
    const pair = { client, upstream };
    pairs.add(pair);
    const forward = (from: net.Socket, to: net.Socket) =>
      from.on("data", (chunk: Buffer) => {
        // Frozen: the bytes are swallowed, as by a server or network that stopped answering.
        if (!frozen) to.write(chunk);
      });
    forward(client, upstream);
    forward(upstream, client);
    for (const socket of [client, upstream]) {
      socket.on("error", () => cut(pair));
      socket.on("close", () => cut(pair));
    }
  };

  async function listen() {
    const server = net.createServer(onConnection);
    await new Promise<void>((resolve, reject) => {
      server.once("error", reject);
      server.listen(port, "127.0.0.1", () => resolve());
    });
    port = (server.address() as net.AddressInfo).port;
    listening = server;
  }

  async function stopListening() {
    const server = listening;
    listening = null;
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  await listen();

  return {
    host: "127.0.0.1",
    get port() {
      return port;
    },
    through(url: string) {
      const parsed = new URL(url);
      parsed.hostname = "127.0.0.1";
      parsed.port = String(port);
      return parsed.toString();
    },
    async stop() {
      frozen = false;
      const closing = stopListening();
      for (const pair of [...pairs]) cut(pair);
      await closing;
    },
    freeze() {
      frozen = true;
    },
    async resume() {
      // Connections that were frozen stay dead (their clients gave up on them); new ones flow.
      if (frozen) for (const pair of [...pairs]) cut(pair);
      frozen = false;
      if (!listening) await listen();
    },
    async close() {
      await stopListening();
      for (const pair of [...pairs]) cut(pair);
    },
  };
}
