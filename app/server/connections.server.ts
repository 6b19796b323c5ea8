// What the HTTP server holds for whoever connects, logged in or not:
// one address opened 21,000 connections in 9 s (+227 MB) and new
// visitors got no answer, and a connection that never sent a byte was never
// closed. So every connection is counted as it is accepted, before a byte is
// read or a socket upgraded: past HTTP_CONNECTIONS_PER_ADDRESS from one address,
// or HTTP_CONNECTIONS_MAX in all, it is closed at once. One that sends no
// request headers within HTTP_HEADERS_TIMEOUT_SECONDS is closed (Node's own
// headersTimeout starts at a request's first byte, so a silent connection is
// closed here), and one idle between requests after HTTP_KEEP_ALIVE_SECONDS.
//
// A trusted proxy (TRUST_PROXY) carries many members' requests on its
// connections, so its own are counted only in the total; behind it, the live
// layer counts the connections of each address it forwards
// (realtime.server.ts), and the proxy bounds its own clients.
import http from "node:http";
import type { Socket } from "node:net";
import express from "express";
import type { Env } from "~/env.server";

export type ConnectionLimits = {
  perAddress: number;
  total: number;
  headersTimeoutMs: number;
  keepAliveTimeoutMs: number;
  trustProxy: Env["TRUST_PROXY"];
};

export function connectionLimits(config: Env): ConnectionLimits {
  return {
    perAddress: config.HTTP_CONNECTIONS_PER_ADDRESS,
    total: config.HTTP_CONNECTIONS_MAX,
    headersTimeoutMs: config.HTTP_HEADERS_TIMEOUT_SECONDS * 1000,
    keepAliveTimeoutMs: config.HTTP_KEEP_ALIVE_SECONDS * 1000,
    trustProxy: config.TRUST_PROXY,
  };
}

/** Whether TRUST_PROXY trusts a peer, as Express reads the setting. */
export function trustsProxy(trustProxy: Env["TRUST_PROXY"]): (address: string) => boolean {
  const trust = express().set("trust proxy", trustProxy).get("trust proxy fn") as (a: string, hop: number) => boolean;
  return (address) => trust(address, 0);
}

/** The site's HTTP server for `handler`, with its connections bounded and timed as above. */
export function createClubServer(handler: http.RequestListener, limits: ConnectionLimits): http.Server {
  const server = http.createServer(
    {
      headersTimeout: limits.headersTimeoutMs,
      // Node checks the headers' and requests' deadlines this often: a tenth of the headers' time, at most 1 s.
      connectionsCheckingInterval: Math.min(1000, Math.max(100, limits.headersTimeoutMs / 10)),
      keepAliveTimeout: limits.keepAliveTimeoutMs,
    },
    handler,
  );
  server.keepAliveTimeout = limits.keepAliveTimeoutMs;
  boundConnections(server, limits);
  return server;
}

function boundConnections(server: http.Server, limits: ConnectionLimits) {
  const trusted = trustsProxy(limits.trustProxy);
  const held = new Map<string, number>();
  let total = 0;
  server.on("connection", (socket: Socket) => {
    const address = socket.remoteAddress ?? "unknown";
    const counted = !trusted(address);
    const fromAddress = counted ? (held.get(address) ?? 0) : 0;
    if (total >= limits.total || fromAddress >= limits.perAddress) {
      socket.destroy();
      return;
    }
    total++;
    if (counted) held.set(address, fromAddress + 1);
    const silent = setTimeout(() => {
      if (socket.bytesRead === 0) socket.destroy();
    }, limits.headersTimeoutMs);
    silent.unref();
    socket.once("close", () => {
      clearTimeout(silent);
      total--;
      if (!counted) return;
      const left = (held.get(address) ?? 1) - 1;
      if (left > 0) held.set(address, left);
      else held.delete(address);
    });
  });
}
