// What one member, and one address, may hold of the live layer. 200 sockets of
// one member on one photo, each relaying its crop drags to all the others, kept
// another member's page waiting 7 s. So a member's sockets
// are capped per room and in all, handshakes are counted per address before the
// session or the room costs a query, and messages are counted per member
// (photo-viewers.server.ts, review-room.server.ts) across all their sockets.
//
// Counts are this process's: a member's browser reaches one process (socket.io
// needs sticky sessions behind a balancer), and several processes each apply
// the same caps to the sockets they hold.
import type http from "node:http";
import express from "express";
import type { Env } from "~/env.server";
import { LIVE_LIMIT_REFUSALS } from "~/lib/live-names";
import { RateLimitedError } from "~/services/errors.server";
import { MessageBudget } from "./message-budget";

export type LiveLimits = {
  /** A member's sockets in one photo's or meeting's room (LIVE_SOCKETS_PER_MEMBER_IN_ROOM). */
  socketsPerMemberInRoom: number;
  /** A member's sockets in all (LIVE_SOCKETS_PER_MEMBER). */
  socketsPerMember: number;
  /** Handshakes one address may start a minute (LIVE_HANDSHAKES_PER_ADDRESS_PER_MIN). */
  handshakesPerAddressPerMinute: number;
  /** Live connections one address may hold at once (HTTP_CONNECTIONS_PER_ADDRESS; behind a proxy, per forwarded address). */
  connectionsPerAddress: number;
  /** Which proxies' X-Forwarded-For names the address (TRUST_PROXY, as for the pages). */
  trustProxy: Env["TRUST_PROXY"];
};

export function liveLimits(config: Env): LiveLimits {
  return {
    socketsPerMemberInRoom: config.LIVE_SOCKETS_PER_MEMBER_IN_ROOM,
    socketsPerMember: config.LIVE_SOCKETS_PER_MEMBER,
    handshakesPerAddressPerMinute: config.LIVE_HANDSHAKES_PER_ADDRESS_PER_MIN,
    connectionsPerAddress: config.HTTP_CONNECTIONS_PER_ADDRESS,
    trustProxy: config.TRUST_PROXY,
  };
}

/** A minute, as RateLimitedError's Retry-After says it. */
const MINUTE_SECONDS = 60;

/** What the handshakes of both namespaces share: the address counts and the member's sockets. */
export type LiveGate = {
  /** Counts a handshake from the request's address; throws RateLimitedError past the limit. */
  handshake(request: http.IncomingMessage): void;
  /** Counts a socket of the member in `room`; throws RateLimitedError past a cap. Returns its release (idempotent). */
  admit(memberId: number, room: string): () => void;
  /**
   * Whether the request's address may open one more live connection (engine.io's, before any namespace);
   * `opened` counts it once it is open and gives back its place when it closes.
   */
  mayConnect(request: http.IncomingMessage): boolean;
  opened(request: http.IncomingMessage, closed: (release: () => void) => void): void;
};

export function liveGate(limits: LiveLimits): LiveGate {
  const handshakes = new MessageBudget<string>(limits.handshakesPerAddressPerMinute, MINUTE_SECONDS * 1000);
  // Express's own reading of TRUST_PROXY, so a socket's address is the one the pages' throttles see.
  const trust = express().set("trust proxy", limits.trustProxy).get("trust proxy fn") as TrustFunction;
  const members = new Map<number, { total: number; rooms: Map<string, number> }>();
  const connections = new Map<string, number>();

  return {
    mayConnect(request) {
      return (connections.get(clientAddress(request, trust)) ?? 0) < limits.connectionsPerAddress;
    },
    opened(request, closed) {
      const address = clientAddress(request, trust);
      connections.set(address, (connections.get(address) ?? 0) + 1);
      closed(() => {
        const left = (connections.get(address) ?? 1) - 1;
        if (left > 0) connections.set(address, left);
        else connections.delete(address);
      });
    },
    handshake(request) {
      if (!handshakes.take(clientAddress(request, trust))) {
        throw new RateLimitedError(LIVE_LIMIT_REFUSALS.address, MINUTE_SECONDS);
      }
    },
    admit(memberId, room) {
      const held = members.get(memberId) ?? { total: 0, rooms: new Map<string, number>() };
      const inRoom = held.rooms.get(room) ?? 0;
      if (inRoom >= limits.socketsPerMemberInRoom) throw new RateLimitedError(LIVE_LIMIT_REFUSALS.room, MINUTE_SECONDS);
      if (held.total >= limits.socketsPerMember) throw new RateLimitedError(LIVE_LIMIT_REFUSALS.member, MINUTE_SECONDS);
      held.total++;
      held.rooms.set(room, inRoom + 1);
      members.set(memberId, held);
      let released = false;
      return () => {
        if (released) return;
        released = true;
        held.total--;
        const left = (held.rooms.get(room) ?? 1) - 1;
        if (left > 0) held.rooms.set(room, left);
        else held.rooms.delete(room);
        if (held.total === 0) members.delete(memberId);
      };
    },
  };
}

type TrustFunction = (address: string, hop: number) => boolean;

/**
 * The client's address as Express's req.ip reads it: the connection's peer,
 * or, through each trusted proxy in turn, the X-Forwarded-For entry before it.
 */
export function clientAddress(request: http.IncomingMessage, trust: TrustFunction): string {
  const forwarded = request.headers["x-forwarded-for"];
  const hops = (Array.isArray(forwarded) ? forwarded.join(",") : (forwarded ?? ""))
    .split(",")
    .map((entry) => entry.trim())
    .filter(Boolean)
    .reverse();
  const addresses = [request.socket.remoteAddress ?? "unknown", ...hops];
  for (let hop = 0; hop < addresses.length - 1; hop++) {
    if (!trust(addresses[hop]!, hop)) return addresses[hop]!;
  }
  return addresses[addresses.length - 1]!;
}
