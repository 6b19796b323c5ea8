// The socket to PostgreSQL (TCP, or the site's own server's Unix socket), with a
// watchdog. A database that stops answering without closing its connections (a
// frozen server, a lost network path, a proxy that hangs) leaves postgres-js waiting for ever: the server's own
// statement_timeout cannot help when its answer never arrives. So each
// connection counts the answers it is owed (one ReadyForQuery per Sync or
// Query message sent, one for the start-up, some bytes for a Flush) and, while any is owed, gives up
// after `answerTimeoutMs` without a byte from the server: the socket is
// destroyed with an error marked as the database's outage, postgres-js fails
// that connection's queries and opens a new connection for the next one.
// An idle connection, or one idle inside a transaction, owes nothing and is
// never timed out.
import net from "node:net";

/** Marks an error as the database not answering (app/server/outages.server.ts reads it). */
export const DATABASE_OUTAGE = Symbol.for("club.databaseOutage");

export function markDatabaseOutage<E>(error: E): E {
  if (error && typeof error === "object") (error as Record<symbol, unknown>)[DATABASE_OUTAGE] = true;
  return error;
}

export type WatchedSocketOptions = {
  /** A TCP address, or the path of a Unix socket (the site's own PostgreSQL). */
  host: string;
  port: number;
  path?: string;
  /** How long a connect may take. */
  connectTimeoutMs: number;
  /** How long the server may stay silent while it owes an answer. */
  answerTimeoutMs: number;
};

// Protocol constants (PostgreSQL frontend/backend protocol 3.0).
const SYNC = 0x53; // 'S', frontend
const QUERY = 0x51; // 'Q', frontend
const FLUSH = 0x48; // 'H', frontend: answers without a ReadyForQuery (postgres-js describes a statement so)
const READY_FOR_QUERY = 0x5a; // 'Z', backend
const CANCEL_REQUEST_CODE = 80877102;

/**
 * Splits a stream of protocol messages (type byte, int32 length) and reports
 * each message's type. With `untypedFirst`, the first message is the
 * start-up packet (int32 length, int32 code, no type byte), reported by code.
 */
export class MessageCounter {
  private header = Buffer.alloc(0);
  private skip = 0;
  private first: boolean;

  constructor(
    private readonly onMessage: (type: number) => void,
    options: { untypedFirst?: boolean; onFirst?: (code: number) => void } = {},
  ) {
    this.first = options.untypedFirst ?? false;
    this.onFirst = options.onFirst ?? (() => {});
  }

  private readonly onFirst: (code: number) => void;

  push(chunk: Buffer) {
    let offset = 0;
    while (offset < chunk.length) {
      if (this.skip > 0) {
        const n = Math.min(this.skip, chunk.length - offset);
        this.skip -= n;
        offset += n;
        continue;
      }
      const headerLength = this.first ? 8 : 5;
      const take = chunk.subarray(offset, offset + headerLength - this.header.length);
      this.header = Buffer.concat([this.header, take]);
      offset += take.length;
      if (this.header.length < headerLength) break;
      if (this.first) {
        this.first = false;
        this.skip = this.header.readUInt32BE(0) - 8;
        this.onFirst(this.header.readUInt32BE(4));
      } else {
        this.skip = this.header.readUInt32BE(1) - 4;
        this.onMessage(this.header[0]!);
      }
      this.header = Buffer.alloc(0);
    }
  }
}

/**
 * A postgres-js `socket` option: a TCP or Unix socket that gives up on a silent server.
 * It is handed over at once, still connecting: a failure to connect then reaches
 * postgres-js as the socket's error and close, and it retries that connection. (A
 * rejected promise would leave the connection waiting for ever, and with it, once
 * each pooled connection had failed once, every query.)
 */
export function watchedSocket(options: WatchedSocketOptions): () => Promise<net.Socket> {
  return async () => {
    const socket = options.path
      ? net.connect({ path: options.path })
      : net.connect({ host: options.host, port: options.port });
    // First, so every error postgres-js sees from this socket already carries the mark.
    socket.on("error", (error) => markDatabaseOutage(error));
    const connectTimer = setTimeout(() => {
      const error = new Error(`The database did not accept a connection within ${options.connectTimeoutMs} ms`);
      socket.destroy(markDatabaseOutage(Object.assign(error, { code: "CONNECT_TIMEOUT" })));
    }, options.connectTimeoutMs);
    socket.once("close", () => clearTimeout(connectTimer));
    socket.once("connect", () => {
      clearTimeout(connectTimer);
      if (!options.path) socket.setNoDelay(true);
    });
    watch(socket, options.answerTimeoutMs);
    return socket;
  };
}

function watch(socket: net.Socket, answerTimeoutMs: number) {
  let owed = 0;
  // A Flush asks for what is ready without a ReadyForQuery: any byte back settles it.
  let flushed = false;
  const update = () => socket.setTimeout(owed > 0 || flushed ? answerTimeoutMs : 0);
  const sent = new MessageCounter(
    (type) => {
      if (type === SYNC || type === QUERY) owed += 1;
      if (type === FLUSH) flushed = true;
    },
    { untypedFirst: true, onFirst: (code) => (owed += code === CANCEL_REQUEST_CODE ? 0 : 1) },
  );
  const received = new MessageCounter((type) => {
    if (type === READY_FOR_QUERY) owed = Math.max(0, owed - 1);
  });

  const write = socket.write;
  socket.write = function (this: net.Socket, chunk: unknown, ...rest: unknown[]) {
    if (Buffer.isBuffer(chunk) || chunk instanceof Uint8Array) sent.push(Buffer.from(chunk as Uint8Array));
    else if (typeof chunk === "string") sent.push(Buffer.from(chunk));
    update();
    return (write as (...args: unknown[]) => boolean).call(this, chunk, ...rest);
  } as typeof socket.write;
  // Registered before postgres-js's own listener, so the count is current when it reads the data.
  socket.on("data", (chunk: Buffer) => {
    flushed = false;
    received.push(chunk);
    update();
  });
  socket.on("timeout", () => {
    socket.destroy(
      markDatabaseOutage(
        Object.assign(new Error(`The database did not answer within ${answerTimeoutMs} ms`), {
          code: "DATABASE_NOT_ANSWERING",
        }),
      ),
    );
  });
}
