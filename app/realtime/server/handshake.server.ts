// The part of a socket's handshake every namespace shares: a logged-in member
// (the session cookie, as for pages), and refusals that say why in plain words
// while anything unexpected stays in the server's log.
import type http from "node:http";
import type { Member } from "~/lib/member";
import { memberFromCookieHeader, sessionIdFrom } from "~/services/auth/session.server";
import { DomainError, NotLoggedInError } from "~/services/errors.server";
import type { LiveGate } from "./live-limits.server";
import { logger } from "~/base/logger.server";

export const NOT_LOGGED_IN = "unauthorized";
const SERVER_ERROR = "server error";

/** The member and session of a handshake's cookie; refuses a visitor. */
export async function memberOfHandshake(
  cookieHeader: string | undefined,
): Promise<{ member: Member; sessionId: string }> {
  const sessionId = await sessionIdFrom(cookieHeader);
  const member = sessionId ? await memberFromCookieHeader(cookieHeader) : null;
  if (!sessionId || !member) throw new NotLoggedInError(NOT_LOGGED_IN);
  return { member, sessionId };
}

/** The error the client receives: a refusal says why; anything else is logged here and stays here. */
export function refusal(error: unknown, what: string): Error {
  if (error instanceof DomainError) return new Error(error.message);
  logger().error({ err: error }, `A ${what}'s handshake failed`);
  return new Error(SERVER_ERROR);
}

/** A handshake query value as one string (socket.io gives string | string[] | undefined). */
export function queryValue(raw: unknown): string | undefined {
  return typeof raw === "string" ? raw : undefined;
}

// Rooms every namespace has, so a log-out or a deactivation can close a member's sockets.
export const memberRoom = (userId: number) => `member:${userId}`;
export const sessionRoom = (sessionId: string) => `session:${sessionId}`;

/** What an admission middleware reads from a socket and writes to it. */
type AdmittedSocket<D> = {
  request: http.IncomingMessage;
  handshake: { query: Record<string, unknown> };
  data: D;
  once(event: "disconnect", listener: () => void): unknown;
  conn: { once(event: "close", listener: () => void): unknown };
};

/**
 * A namespace's admission (its `use` middleware): the address's handshake is
 * counted first (before any query), then `admit` checks the cookie and the room
 * named by the query's `queryName` and gives the socket's data, and the
 * member's socket is counted in the room `roomOf` names (the caps: live-limits.server.ts)
 * until it disconnects. A refusal reaches the client as its reason (see `refusal`).
 */
export function admission<D extends { viewer: { id: number }; memberId?: number }>(
  queryName: string,
  what: string,
  gate: LiveGate,
  roomOf: (data: D) => string,
  admit: (cookieHeader: string | undefined, rawRoomId: unknown) => Promise<D>,
) {
  return (socket: AdmittedSocket<D>, next: (error?: Error) => void) => {
    try {
      gate.handshake(socket.request);
    } catch (error) {
      return next(refusal(error, what));
    }
    admit(socket.request.headers.cookie, socket.handshake.query[queryName]).then(
      (data) => {
        let release: () => void;
        try {
          // Counted by who the member is, whatever the room is told of them.
          release = gate.admit(data.memberId ?? data.viewer.id, roomOf(data));
        } catch (error) {
          return next(refusal(error, what));
        }
        // Its place is given back when it leaves, or when its connection closes before it ever joined.
        socket.once("disconnect", release);
        socket.conn.once("close", release);
        socket.data = data;
        next();
      },
      (error: unknown) => next(refusal(error, what)),
    );
  };
}

/**
 * The member a socket speaks for as the club knows them now (null once the
 * session ended or the member was deactivated): what a handler that acts on a
 * right reads when the message comes, never the handshake's copy. The session's
 * member is kept by the data versions, so this costs one small query, shared.
 */
export function memberNow(socket: { request: { headers: { cookie?: string } } }): Promise<Member | null> {
  return memberFromCookieHeader(socket.request.headers.cookie);
}
