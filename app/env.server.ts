// The operator contract (docs/operations.md): every setting is read once, here, through
// one zod schema. A bad value stops the start with one line naming it.
import crypto from "node:crypto";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { z } from "zod";
import { isTimeZone, systemTimeZone } from "./lib/club-time";

// docker-compose and .env files often pass "" for "not set".
const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (value === "" ? undefined : value), schema.optional());

const urlWithProtocol = (protocols: string[]) =>
  z.url().refine((value) => protocols.some((p) => value.startsWith(`${p}:`)), {
    message: `must start with ${protocols.map((p) => `${p}://`).join(" or ")}`,
  });

/**
 * TRUST_PROXY as Express takes it: "true" (every hop: only when the proxy strips
 * the client's own X-Forwarded-* headers), a number of hops, or comma-separated
 * addresses, CIDR ranges and the names loopback, linklocal, uniquelocal.
 */
function parseTrustProxy(value: string, ctx: z.RefinementCtx): boolean | number | string {
  if (value === "false") return false;
  if (value === "true") return true;
  if (/^\d+$/.test(value)) return Number(value);
  const entries = value.split(",").map((entry) => entry.trim());
  const named = new Set(["loopback", "linklocal", "uniquelocal"]);
  const valid = (entry: string) => {
    if (named.has(entry)) return true;
    const [address = "", prefix, extra] = entry.split("/");
    const version = net.isIP(address);
    if (!version || extra !== undefined) return false;
    if (prefix === undefined) return true;
    return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (version === 4 ? 32 : 128);
  };
  const bad = entries.find((entry) => !valid(entry));
  if (bad !== undefined) {
    ctx.addIssue({
      code: "custom",
      message: `"${bad}" is not true, false, a number of hops, an address, a CIDR range or loopback/linklocal/uniquelocal`,
    });
    return z.NEVER;
  }
  return entries.join(",");
}

const EnvSchema = z
  .object({
    NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
    SITE_TITLE: z.string().trim().min(1).default("Bay Area Street Photographers"),
    FEATURE_REGISTRATION: z.string().default("false"),
    DATABASE_URL: optional(urlWithProtocol(["postgres", "postgresql"])),
    // How long opening a PostgreSQL connection, and one statement, may take before the site
    // answers 503 (a stopped or frozen database); a silent server is given up on a second later.
    DATABASE_CONNECT_TIMEOUT_MS: z.coerce.number().int().min(100).default(5000),
    DATABASE_QUERY_TIMEOUT_MS: z.coerce.number().int().min(100).default(5000),
    // Optional Redis: the log-in and reset throttles keep their counts there instead of PostgreSQL,
    // and several app processes share their live rooms through it (docs/realtime.md).
    REDIS_URL: optional(urlWithProtocol(["redis", "rediss"])),
    // pino's levels; "silent" turns the log off.
    LOG_LEVEL: optional(z.enum(["trace", "debug", "info", "warn", "error", "fatal", "silent"])),
    DATA_DIR: z.string().min(1).default("./data"),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    HOST: z.string().min(1).default("0.0.0.0"),
    BASE_URL: optional(urlWithProtocol(["http", "https"])),
    SESSION_SECRET: optional(z.string().min(32, "must be at least 32 characters")),
    S3_ENDPOINT: optional(urlWithProtocol(["http", "https"])),
    // The MinIO address browsers use for presigned uploads, when it differs from S3_ENDPOINT.
    S3_PUBLIC_URL: optional(urlWithProtocol(["http", "https"])),
    S3_ACCESS_KEY: optional(z.string()),
    S3_SECRET_KEY: optional(z.string()),
    S3_BUCKET: z.string().min(3).default("club-photos"),
    S3_REGION: z.string().min(1).default("us-east-1"),
    // How long the photo storage (MinIO/S3 or the disk) may stay silent on one operation, or in the
    // middle of a file, before the site answers 503 (a frozen MinIO, a hung NFS mount).
    STORAGE_TIMEOUT_MS: z.coerce.number().int().min(100).default(10_000),
    // /healthz reports the disk low (503) below this many MB free where the site writes (DATA_DIR, the
    // photo folder, the temporary folder), before a full disk refuses uploads (507); 0 turns the check off.
    DISK_SPACE_MIN_MB: z.coerce.number().int().min(0).default(1024),
    // Upload limits: bytes of one original, and decoded pixels (sharp limitInputPixels).
    UPLOAD_MAX_BYTES: z.coerce
      .number()
      .int()
      .positive()
      .default(50 * 1024 * 1024),
    UPLOAD_MAX_PIXELS: z.coerce.number().int().positive().default(100_000_000),
    // What one member may make the server keep: bytes announced and not yet used by a photo or
    // picture (unset: 40 files of UPLOAD_MAX_BYTES), and announcements per 10 minutes.
    UPLOAD_PENDING_MAX_BYTES: optional(z.coerce.number().int().positive()),
    UPLOAD_ANNOUNCE_PER_10_MIN: z.coerce.number().int().positive().default(120),
    // Every other request body (forms, JSON): refused with 413 past this, before React Router reads it.
    REQUEST_MAX_BYTES: z.coerce
      .number()
      .int()
      .positive()
      .default(1024 * 1024),
    // Metadata an image may carry once inflated (PNG text chunks, ICC profile): more is refused with 422.
    IMAGE_METADATA_MAX_BYTES: z.coerce
      .number()
      .int()
      .positive()
      .default(8 * 1024 * 1024),
    // The live layer's sockets (docs/security.md): one member's per photo or meeting room and in all,
    // and the handshakes one address may start a minute (a club's venue shares one address behind NAT).
    LIVE_SOCKETS_PER_MEMBER_IN_ROOM: z.coerce.number().int().min(1).max(1000).default(6),
    LIVE_SOCKETS_PER_MEMBER: z.coerce.number().int().min(1).max(10_000).default(20),
    LIVE_HANDSHAKES_PER_ADDRESS_PER_MIN: z.coerce.number().int().min(1).default(600),
    // Connections to the HTTP server (app/server/connections.server.ts, docs/security.md): how many one
    // address may hold (a trusted proxy's are counted by the address it forwards, for live sockets) and
    // all of them, counted as they are accepted; how long a new connection may take to send its request's
    // headers, and how long one may stay idle between requests (longer than a proxy's 60 s).
    HTTP_CONNECTIONS_PER_ADDRESS: z.coerce.number().int().min(1).default(256),
    HTTP_CONNECTIONS_MAX: z.coerce.number().int().min(1).default(4096),
    HTTP_HEADERS_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(300).default(10),
    HTTP_KEEP_ALIVE_SECONDS: z.coerce.number().int().min(1).max(600).default(65),
    // The image-processing gate (app/images/processing-gate.server.ts): images decoded at once
    // (unset: half the cores, at least one), members taking turns, and the memory those decodes
    // may take together, estimated from each image's header; an image that alone needs more is refused.
    IMAGE_PROCESSING_CONCURRENCY: optional(z.coerce.number().int().min(1).max(64)),
    IMAGE_PROCESSING_MEMORY_MB: z.coerce.number().int().min(64).default(512),
    // exiftool: how many processes read metadata (unset: one per image being processed), and each
    // file's time and memory.
    EXIFTOOL_PROCS: optional(z.coerce.number().int().min(1).max(16)),
    EXIFTOOL_TIMEOUT_MS: z.coerce.number().int().min(1000).default(10_000),
    EXIFTOOL_MAX_MEMORY_MB: z.coerce.number().int().min(64).default(512),
    // On SIGTERM, how long requests in flight (an upload being processed) may take to finish before
    // the process exits anyway; the container's stop timeout must be longer (compose: stop_grace_period).
    SHUTDOWN_GRACE_SECONDS: z.coerce.number().int().min(1).max(600).default(25),
    // A page's scripts start after its first photo (docs/decisions/009); "false" sends React Router's pages as they are.
    SCRIPTS_AFTER_FIRST_PHOTO: z.enum(["true", "false"]).default("true"),
    // Which proxies may set X-Forwarded-For/-Host/-Proto (Express's 'trust proxy'): unset trusts none.
    TRUST_PROXY: optional(z.string().trim().transform(parseTrustProxy)),
    SMTP_URL: optional(urlWithProtocol(["smtp", "smtps"])),
    MAIL_FROM: optional(z.string().min(3)),
    // The IANA zone meeting times are shown and entered in (the club's city); the server's own zone when unset.
    CLUB_TIME_ZONE: optional(
      z.string().trim().refine(isTimeZone, { message: "must be an IANA time zone such as America/Los_Angeles" }),
    ).transform((zone) => zone ?? systemTimeZone()),
    // Hours before a meeting that reminder e-mails go out; 0 turns them off.
    MEETING_REMINDER_HOURS: optional(
      z.coerce
        .number()
        .int()
        .min(0)
        .max(24 * 14),
    ).transform((hours) => hours ?? 24),
  })
  .superRefine((env, ctx) => {
    if (env.NODE_ENV === "production" && !env.SESSION_SECRET) {
      ctx.addIssue({ code: "custom", path: ["SESSION_SECRET"], message: "is required when NODE_ENV=production" });
    }
    if (env.S3_ENDPOINT && (!env.S3_ACCESS_KEY || !env.S3_SECRET_KEY)) {
      ctx.addIssue({
        code: "custom",
        path: [env.S3_ACCESS_KEY ? "S3_SECRET_KEY" : "S3_ACCESS_KEY"],
        message: "is required when S3_ENDPOINT is set",
      });
    }
    if (env.LIVE_SOCKETS_PER_MEMBER < env.LIVE_SOCKETS_PER_MEMBER_IN_ROOM) {
      ctx.addIssue({
        code: "custom",
        path: ["LIVE_SOCKETS_PER_MEMBER"],
        message: "must be at least LIVE_SOCKETS_PER_MEMBER_IN_ROOM",
      });
    }
    if (env.UPLOAD_PENDING_MAX_BYTES !== undefined && env.UPLOAD_PENDING_MAX_BYTES < env.UPLOAD_MAX_BYTES) {
      ctx.addIssue({
        code: "custom",
        path: ["UPLOAD_PENDING_MAX_BYTES"],
        message: "must be at least UPLOAD_MAX_BYTES (else no file of the largest size could be uploaded)",
      });
    }
  });

export type Env = Omit<
  z.infer<typeof EnvSchema>,
  "TRUST_PROXY" | "UPLOAD_PENDING_MAX_BYTES" | "IMAGE_PROCESSING_CONCURRENCY" | "EXIFTOOL_PROCS"
> & {
  UPLOAD_PENDING_MAX_BYTES: number;
  IMAGE_PROCESSING_CONCURRENCY: number;
  EXIFTOOL_PROCS: number;
  /** Express's 'trust proxy' setting; false (no proxy trusted) when TRUST_PROXY is unset. */
  TRUST_PROXY: boolean | number | string;
  BASE_URL: string;
  SESSION_SECRET: string;
  MAIL_FROM: string;
  registrationEnabled: boolean;
  scriptsAfterFirstPhoto: boolean;
};

export class EnvError extends Error {
  name = "EnvError";
}

/** Parses an environment; throws EnvError with one line naming the first bad variable. */
export function parseEnv(given: NodeJS.ProcessEnv): Env {
  // An empty value counts as unset for every setting, a defaulted one too (PORT="" was port 0, a random port).
  const source = Object.fromEntries(Object.entries(given).filter(([, value]) => value !== ""));
  const result = EnvSchema.safeParse(source);
  if (!result.success) {
    const issue = result.error.issues[0]!;
    const name = String(issue.path[0] ?? "environment");
    const shown = source[name] === undefined ? "" : ` (got ${JSON.stringify(source[name])})`;
    throw new EnvError(`Invalid environment variable ${name}${shown}: ${issue.message}`);
  }
  const env = result.data;
  // Each decode takes a core; half of them leaves the rest for the pages.
  const imageConcurrency = env.IMAGE_PROCESSING_CONCURRENCY ?? Math.max(1, Math.floor(os.availableParallelism() / 2));
  return {
    ...env,
    DATA_DIR: path.resolve(env.DATA_DIR),
    BASE_URL: (env.BASE_URL ?? `http://localhost:${env.PORT}`).replace(/\/+$/, ""),
    SESSION_SECRET: env.SESSION_SECRET ?? developmentSecret(path.resolve(env.DATA_DIR)),
    MAIL_FROM: env.MAIL_FROM ?? `"${env.SITE_TITLE}" <no-reply@localhost>`,
    TRUST_PROXY: env.TRUST_PROXY ?? false,
    UPLOAD_PENDING_MAX_BYTES: env.UPLOAD_PENDING_MAX_BYTES ?? 40 * env.UPLOAD_MAX_BYTES,
    IMAGE_PROCESSING_CONCURRENCY: imageConcurrency,
    EXIFTOOL_PROCS: env.EXIFTOOL_PROCS ?? Math.min(16, imageConcurrency),
    // The contract: open only when the flag is exactly the text 'true'.
    registrationEnabled: env.FEATURE_REGISTRATION === "true",
    scriptsAfterFirstPhoto: env.SCRIPTS_AFTER_FIRST_PHOTO === "true",
  };
}

// Outside production a secret is generated once and kept, so sessions survive restarts.
function developmentSecret(dataDir: string) {
  const file = path.join(dataDir, "session-secret");
  try {
    return fs.readFileSync(file, "utf8").trim();
  } catch {
    fs.mkdirSync(dataDir, { recursive: true });
    const secret = crypto.randomBytes(32).toString("base64url");
    try {
      fs.writeFileSync(file, secret, { flag: "wx", mode: 0o600 });
      return secret;
    } catch {
      // Another process wrote it first: use theirs.
      return fs.readFileSync(file, "utf8").trim();
    }
  }
}

let cached: Env | undefined;

export function env(): Env {
  cached ??= parseEnv(process.env);
  return cached;
}
