// The baseline server: Express, the same compression middleware as the club's
// server.ts, and React Router's own Express handler, nothing else.
import path from "node:path";
import { pathToFileURL } from "node:url";
import { createRequestHandler } from "@react-router/express";
import compression from "compression";
import express from "express";
import type { ServerBuild } from "react-router";

const buildDir = process.env.BASELINE_BUILD_DIR!;
const build = (await import(pathToFileURL(path.join(buildDir, "server/index.js")).href)) as ServerBuild;
const web = express();
web.disable("x-powered-by");
web.use(compression());
// The image baseline: a plain static file server on the thumbnail's bytes.
if (process.env.BASELINE_STATIC) web.use("/static", express.static(process.env.BASELINE_STATIC));
web.use("/assets", express.static(path.join(buildDir, "client/assets"), { immutable: true, maxAge: "1y" }));
web.all("/{*splat}", createRequestHandler({ build, mode: "production" }));
const server = web.listen(Number(process.env.PORT), "127.0.0.1", () => console.log("baseline listening"));
process.on("SIGTERM", () => server.close(() => process.exit(0)));
