// One app process's live layer on its own port: the database and socket.io
// with the adapter the settings choose, as server.ts attaches them (the pages
// are left out: the replica tests and the live benchmark talk to sockets only).
// Run as `node --import tsx tests/support/realtime-replica.ts` with
// DATABASE_URL (and REDIS_URL, SESSION_SECRET, DATA_DIR) in the environment;
// prints "listening on {port}" once it takes connections; SIGTERM stops it.
// REALTIME_REPLICA_ADAPTER=memory keeps the rooms in memory instead (the
// benchmark compares the two on one process).
import http from "node:http";
import type { AddressInfo } from "node:net";
import { closeDatabase, openDatabase } from "@db/client.server";
import { env } from "~/env.server";
import { attachRealtime, closeRealtime, realtimeAdapterKind } from "~/realtime/server/realtime.server";

const config = env();
await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR });
const server = http.createServer();
attachRealtime(server, process.env.REALTIME_REPLICA_ADAPTER === "memory" ? {} : undefined);
server.listen(config.PORT, "127.0.0.1", () => {
  const { port } = server.address() as AddressInfo;
  console.log(`listening on ${port} with the ${realtimeAdapterKind()} adapter`);
});

async function stop() {
  await closeRealtime();
  await closeDatabase();
  process.exit(0);
}
process.on("SIGTERM", () => void stop());
process.on("SIGINT", () => void stop());
