// A club server process for the crash tests (tests/integration/crash-recovery.test.ts):
// it starts the way server.ts starts the club (startServices: migrations, the
// storage, exiftool, and the periodic jobs' first turns), then sends at most one
// request through the real route module and service, and stays up until
// SIGTERM. A test kills it with -9 where it pleases, often at a pause point
// (app/services/uploads/pause-points.server.ts). Run as
//   node --import tsx tests/support/club-worker.ts <command> '<json>'
// Commands: serve | photo {cookie, signedId} | delete {cookie, photoId} | put {token} (the
// bytes on stdin) | metadata {file}. It prints `club-worker: <what>` lines the test waits on.
// (The HTTP server itself needs the built bundle: the browser specs cover it.)
import { Readable } from "node:stream";
import { startServices, stopServices } from "~/server/services.server";
import { readPhotoFacts } from "~/images/exif.server";
import { action as photosApi } from "~/routes/api/photos";
import { action as photoApi } from "~/routes/api/photos.photo";
import { action as uploadsRoute } from "~/routes/uploads";
import { request } from "./members";
import { call } from "./routes";

const [command = "serve", argument = "{}"] = process.argv.slice(2);
const input = JSON.parse(argument) as Record<string, string>;

const say = (what: string) => console.log(`club-worker: ${what}`);

process.on("SIGTERM", () => {
  void stopServices().then(() => process.exit(0));
});

await startServices();
say("started");

async function answer(response: Response) {
  say(`answered ${response.status} ${await response.text()}`);
}

switch (command) {
  case "serve":
    break;
  case "photo":
    await answer(
      await call(
        photosApi,
        request("/api/photos", {
          method: "POST",
          cookie: input.cookie,
          json: { filename: "Canon_40D.jpg", file: input.signedId },
        }),
      ),
    );
    break;
  case "delete":
    await answer(
      await call(photoApi, request(`/api/photos/${input.photoId}`, { method: "DELETE", cookie: input.cookie }), {
        photoId: String(input.photoId),
      }),
    );
    break;
  case "put": {
    const body = Readable.toWeb(process.stdin) as ReadableStream<Uint8Array>;
    const put = new Request(`http://localhost/uploads/${input.token}`, {
      method: "PUT",
      headers: { "Content-Type": "image/jpeg" },
      body,
      duplex: "half",
    } as RequestInit);
    await answer(await call(uploadsRoute, put, { token: input.token! }));
    break;
  }
  case "metadata": {
    const facts = await readPhotoFacts(input.file!, { owner: "club-worker" });
    say(`read ${JSON.stringify(facts.metadata.exif?.Model?.description ?? null)}`);
    break;
  }
  default:
    throw new Error(`Unknown command ${command}`);
}
say("idle");
// Stays up (the jobs' timers are unref'd) until SIGTERM or kill -9.
setInterval(() => {}, 60_000);
