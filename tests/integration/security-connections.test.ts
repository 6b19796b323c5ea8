// Connections are bounded, logged in or not. One address
// held 21,000 connections in 9 s and new visitors got no answer; a connection
// that sent nothing was never closed; socket.io's default namespace admitted any
// visitor. The site's server here is the one server.ts makes (createClubServer),
// with the live layer attached and small limits, so each bound shows quickly:
// the flood comes from 127.0.0.2, the other visitors from 127.0.0.1.
import http from "node:http";
import net from "node:net";
import type { AddressInfo } from "node:net";
import { io as connectClient } from "socket.io-client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { env } from "~/env.server";
import { liveLimits } from "~/realtime/server/live-limits.server";
import { closeRealtime, NO_DEFAULT_NAMESPACE } from "~/realtime/server/realtime.server";
import { startHttpApp, type HttpApp } from "../support/http-app";

const PER_ADDRESS = 20;
const HEADERS_TIMEOUT_MS = 1500;
/** A proxy the server trusts: its connections count in the total only, its forwarded addresses in the live layer. */
const PROXY = "127.0.0.3";
const FLOODER = "127.0.0.2";

let site: HttpApp;
let server: http.Server;
let url: string;
let port: number;

beforeAll(async () => {
  site = await startHttpApp();
  server = site.club.createClubServer(site.club.app, {
    perAddress: PER_ADDRESS,
    total: 400,
    headersTimeoutMs: HEADERS_TIMEOUT_MS,
    keepAliveTimeoutMs: 5000,
    trustProxy: PROXY,
  });
  site.club.attachRealtime(server, {}, { ...liveLimits(env()), connectionsPerAddress: 3, trustProxy: PROXY });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  port = (server.address() as AddressInfo).port;
  url = `http://127.0.0.1:${port}`;
});

afterAll(async () => {
  await closeRealtime();
  server.closeAllConnections();
  await site.close();
});

/** A TCP connection from `localAddress` that sends nothing; `closed` settles when the server ends it. */
function silentConnection(localAddress: string, toPort = port) {
  const socket = net.connect({ port: toPort, host: "127.0.0.1", localAddress });
  socket.on("error", () => {});
  socket.resume();
  const closed = new Promise<number>((resolve) => socket.once("close", () => resolve(performance.now())));
  const open = new Promise<boolean>((resolve) => {
    socket.once("connect", () => resolve(true));
    socket.once("close", () => resolve(false));
  });
  return { socket, closed, open };
}

const connectionsOf = (of: http.Server) =>
  new Promise<number>((resolve, reject) =>
    of.getConnections((error, count) => (error ? reject(error) : resolve(count))),
  );
const serverConnections = () => connectionsOf(server);

describe("a flood of connections from one address", () => {
  it("holds at most its share, /healthz answers meanwhile, and the silent ones are closed within seconds", async () => {
    const flood = Array.from({ length: 1000 }, () => silentConnection(FLOODER));
    await Promise.all(flood.map((connection) => connection.open));
    const startedAt = performance.now();

    const health = await fetch(`${url}/healthz`, { signal: AbortSignal.timeout(10_000) });
    expect(health.status).toBe(200);
    // The address's share is held; every other connection was closed as it was accepted.
    const refusedAt = await Promise.race([
      Promise.all(flood.map((c) => c.closed)).then(() => "all closed"),
      waitFor(async () => flood.filter((c) => !c.socket.closed).length <= PER_ADDRESS),
    ]);
    expect(refusedAt).not.toBe("all closed");
    expect(flood.filter((c) => !c.socket.closed).length).toBeLessThanOrEqual(PER_ADDRESS);
    expect(await serverConnections()).toBeLessThanOrEqual(PER_ADDRESS + 2);

    // Another visitor is let in while the flooder's share is held.
    const other = await fetch(`${url}/healthz`, { signal: AbortSignal.timeout(10_000) });
    expect(other.status).toBe(200);

    // The held ones never sent a byte: closed after the headers' time, not kept.
    const lastClosed = Math.max(...(await Promise.all(flood.map((c) => c.closed))));
    expect(lastClosed - startedAt).toBeLessThan(HEADERS_TIMEOUT_MS + 5000);
    // Their places are free again.
    const again = silentConnection(FLOODER);
    expect(await again.open).toBe(true);
    again.socket.destroy();
  });

  it("closes a connection whose headers do not come in time", async () => {
    const slow = silentConnection(FLOODER);
    await slow.open;
    slow.socket.write("GET /healthz HTTP/1.1\r\nHost: x\r\n");
    const answer = new Promise<string>((resolve) => slow.socket.once("data", (data) => resolve(String(data))));
    expect(await answer).toMatch(/^HTTP\/1\.1 408/);
    await slow.closed;
  });
});

describe("the total and the idle", () => {
  /** A server of the site's own making, with `limits` over the defaults above, listening on a port of its own. */
  async function ownServer(limits: { total?: number; keepAliveTimeoutMs?: number }) {
    const own = site.club.createClubServer(site.club.app, {
      perAddress: PER_ADDRESS,
      total: limits.total ?? 400,
      // Long enough that no silent connection is closed for its silence while the test counts them.
      headersTimeoutMs: 60_000,
      keepAliveTimeoutMs: limits.keepAliveTimeoutMs ?? 5000,
      trustProxy: PROXY,
    });
    await new Promise<void>((resolve) => own.listen(0, "127.0.0.1", resolve));
    return { own, port: (own.address() as AddressInfo).port };
  }

  it("holds at most the total from many addresses, and takes new ones once some have gone", async () => {
    const { own, port: ownPort } = await ownServer({ total: 30 });
    try {
      // Three addresses, each within its share of 20, together past the total of 30.
      const addresses = ["127.0.0.4", "127.0.0.5", "127.0.0.6"];
      const flood = addresses.flatMap((address) =>
        Array.from({ length: 15 }, () => silentConnection(address, ownPort)),
      );
      await Promise.all(flood.map((connection) => connection.open));
      await waitFor(async () => flood.filter((c) => !c.socket.closed).length <= 30);
      const held = () => flood.filter((c) => !c.socket.closed);
      expect(held().length).toBe(30);
      expect(await connectionsOf(own)).toBe(30);
      // A newcomer is closed at once while the total is held...
      const refused = silentConnection("127.0.0.7", ownPort);
      await refused.closed;
      expect(await connectionsOf(own)).toBe(30);
      // ...and let in once a place is free.
      held()[0]!.socket.destroy();
      await waitFor(async () => (await connectionsOf(own)) < 30);
      const admitted = silentConnection("127.0.0.7", ownPort);
      expect(await admitted.open).toBe(true);
      await waitFor(async () => (await connectionsOf(own)) === 30);
      expect(admitted.socket.closed).toBe(false);
      for (const connection of [...flood, admitted]) connection.socket.destroy();
    } finally {
      own.closeAllConnections();
      await new Promise((resolve) => own.close(resolve));
    }
  });

  it("closes a connection idle after its answer once the keep-alive time has passed", async () => {
    const { own, port: ownPort } = await ownServer({ keepAliveTimeoutMs: 300 });
    try {
      expect(own.keepAliveTimeout).toBe(300);
      const idle = silentConnection("127.0.0.8", ownPort);
      await idle.open;
      const answer = new Promise<string>((resolve) => idle.socket.once("data", (data) => resolve(String(data))));
      idle.socket.write("GET /healthz HTTP/1.1\r\nHost: x\r\nConnection: keep-alive\r\n\r\n");
      expect(await answer).toMatch(/^HTTP\/1\.1 200/);
      // The server ends it, not the client.
      await idle.closed;
      expect(await connectionsOf(own)).toBe(0);
    } finally {
      own.closeAllConnections();
      await new Promise((resolve) => own.close(resolve));
    }
  });
});

describe("the live layer", () => {
  it("refuses the default namespace", async () => {
    const socket = connectClient(url, { transports: ["websocket"], reconnection: false, forceNew: true });
    try {
      const outcome = await new Promise<string>((resolve) => {
        socket.once("connect", () => resolve("connected"));
        socket.once("connect_error", (error: Error) => resolve(error.message));
      });
      expect(outcome).toBe(NO_DEFAULT_NAMESPACE);
    } finally {
      socket.close();
    }
  });

  it("counts live connections per address a trusted proxy forwards, before any namespace", async () => {
    const through = (forwardedFor: string) =>
      new Promise<number>((resolve, reject) => {
        const request = http.get(
          `${url}/socket.io/?EIO=4&transport=polling`,
          { localAddress: PROXY, headers: { "X-Forwarded-For": forwardedFor } },
          (response) => {
            response.resume();
            resolve(response.statusCode ?? 0);
          },
        );
        request.on("error", reject);
      });
    const held = [];
    for (let i = 0; i < 3; i++) held.push(await through("203.0.113.7"));
    expect(held).toEqual([200, 200, 200]);
    expect(await through("203.0.113.7")).toBe(403);
    // Another member behind the same proxy is not held back.
    expect(await through("203.0.113.8")).toBe(200);
  });
});

/** Resolves once `check` holds, asking every 20 ms (the server closes connections as it accepts them). */
async function waitFor(check: () => Promise<boolean>): Promise<"held"> {
  while (!(await check())) await new Promise((resolve) => setTimeout(resolve, 20));
  return "held";
}
