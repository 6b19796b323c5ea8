// Loaded into the server with NODE_OPTIONS="--import <this file>" by
// bench/profile.ts (node refuses --cpu-prof in NODE_OPTIONS): samples the
// server's CPU from start to exit and writes the profile into
// $BENCH_CPU_PROFILE_DIR, as --cpu-prof would.
import fs from "node:fs";
import inspector from "node:inspector";
import path from "node:path";

const dir = process.env.BENCH_CPU_PROFILE_DIR;
if (dir) {
  const session = new inspector.Session();
  session.connect();
  session.post("Profiler.enable");
  session.post("Profiler.setSamplingInterval", { interval: 500 });
  session.post("Profiler.start");
  // The in-thread session answers synchronously, so this runs to the end inside 'exit'.
  process.on("exit", () => {
    session.post("Profiler.stop", (error, result) => {
      if (!error) fs.writeFileSync(path.join(dir, `server-${process.pid}.cpuprofile`), JSON.stringify(result.profile));
    });
  });
}
