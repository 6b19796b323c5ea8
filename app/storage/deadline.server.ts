// Storage that accepts a request and then says nothing (a frozen MinIO, a hung
// NFS disk) must not hold a member's request forever. Every
// storage operation has STORAGE_TIMEOUT_MS to answer, and a stream of stored
// bytes that stops flowing for that long while its reader waits is ended with
// the same error. outages.server.ts turns that error into the 503 'The club's
// photo storage is not answering'.
import http from "node:http";
import https from "node:https";
import type { WriteStream } from "node:fs";
import { Transform, pipeline, type Readable } from "node:stream";

/** The error code of a storage that did not answer in time (outages.server.ts knows it). */
export const STORAGE_NOT_ANSWERING = "STORAGE_NOT_ANSWERING";
/** STORAGE_TIMEOUT_MS's default, for drivers made without one (tests, the benchmarks). */
export const DEFAULT_STORAGE_TIMEOUT_MS = 10_000;

export function storageTimeout(what: string, ms: number): Error {
  return Object.assign(new Error(`Storage did not answer ${what} within ${ms} ms`), { code: STORAGE_NOT_ANSWERING });
}

/**
 * `work`, or the storage error once `ms` have passed. The work itself is not
 * cancelled (a read of a hung disk cannot be): only the waiting is bounded.
 */
export async function withDeadline<T>(what: string, ms: number, work: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(storageTimeout(what, ms)), ms);
  });
  try {
    return await Promise.race([work, deadline]);
  } finally {
    clearTimeout(timer);
    // A late failure of abandoned work is not an unhandled rejection.
    work.catch(() => {});
  }
}

/**
 * Whether a stream's reader is the slow one: bytes wait for it, it paused the stream, or it has
 * not started reading yet (flowing is null until then: nobody waits for bytes, so none are late).
 */
const readerIsBehind = (stream: Readable) => stream.readableFlowing !== true || stream.readableLength > 0;

/**
 * The bytes of `source`, ended with the storage error when the source sends
 * nothing for `ms` while its reader is waiting for more. A slow reader (a
 * member on a poor connection) is never blamed: while bytes wait for it the
 * clock is restarted. Destroying the result destroys the source.
 */
export function endWhenStalled(source: Readable, what: string, ms: number): Readable {
  const guarded = new Transform({
    transform(chunk, _encoding, callback) {
      timer.refresh();
      callback(null, chunk);
    },
  });
  const timer = setTimeout(function check() {
    if (readerIsBehind(guarded)) timer.refresh();
    else guarded.destroy(storageTimeout(what, ms));
  }, ms);
  pipeline(source, guarded, () => clearTimeout(timer));
  return guarded;
}

/**
 * `file`, destroyed with the storage error when bytes wait to be written and
 * the disk has taken none of them for `ms` (a hung disk). A slow sender is
 * never blamed: with nothing waiting, the disk is not late.
 */
export function endWhenDiskStalls(file: WriteStream, what: string, ms: number): WriteStream {
  let written = file.bytesWritten;
  const timer = setInterval(() => {
    if (file.writableLength > 0 && file.bytesWritten === written) file.destroy(storageTimeout(what, ms));
    written = file.bytesWritten;
  }, ms);
  const stop = () => clearInterval(timer);
  file.once("finish", stop).once("error", stop).once("close", stop);
  return file;
}

/** What the minio client calls to send a request (it always passes an options object). */
type Transport = Pick<typeof http, "request">;

/**
 * http/https for the minio client, with every request bounded: connecting,
 * sending, waiting for the answer and each pause in its body may last `ms`
 * (the socket's idle time), after which the request and its answer end with
 * the storage error. The minio client takes no timeout or AbortSignal of its
 * own (8.0: its request options are TLS settings and the agent), so the bound
 * lives in the transport it is given.
 */
export function boundedTransport(protocol: "http:" | "https:", ms: number): Transport {
  const base = protocol === "https:" ? https : http;
  const send = (options: http.RequestOptions, callback?: (response: http.IncomingMessage) => void) => {
    const request = base.request(options, callback);
    let response: http.IncomingMessage | undefined;
    request.once("response", (answer) => (response = answer));
    request.on("socket", (socket) => {
      const onIdle = () => {
        if (response && !response.complete && readerIsBehind(response)) {
          // The reader is slow, not the storage: look again later.
          socket.setTimeout(ms);
          return;
        }
        const error = storageTimeout(`${options.method ?? "GET"} ${options.path ?? "/"}`, ms);
        response?.destroy(error);
        request.destroy(error);
      };
      socket.setTimeout(ms);
      socket.on("timeout", onIdle);
      // The socket goes back to the keep-alive pool (whose agent resets its idle time) for the next request.
      request.once("close", () => socket.removeListener("timeout", onIdle));
    });
    return request;
  };
  return { request: send as Transport["request"] };
}
