// The operator contract (design.md): every setting is read once, here, through
// one zod schema. A bad value stops the start with one line naming it.
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { z } from "zod";

// docker-compose and .env files often pass "" for "not set".
const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (value === "" ? undefined : value), schema.optional());

const urlWithProtocol = (protocols: string[]) =>
  z.url().refine((value) => protocols.some((p) => value.startsWith(`${p}:`)), {
    message: `must start with ${protocols.map((p) => `${p}://`).join(" or ")}`,
  });

const EnvSchema = z
  .object({
    NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
    SITE_TITLE: z.string().trim().min(1).default("Bay Area Street Photographers"),
    FEATURE_REGISTRATION: z.string().default("false"),
    DATABASE_URL: optional(urlWithProtocol(["postgres", "postgresql"])),
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
    // Upload limits: bytes of one original, and decoded pixels (sharp limitInputPixels).
    UPLOAD_MAX_BYTES: z.coerce
      .number()
      .int()
      .positive()
      .default(50 * 1024 * 1024),
    UPLOAD_MAX_PIXELS: z.coerce.number().int().positive().default(100_000_000),
    SMTP_URL: optional(urlWithProtocol(["smtp", "smtps"])),
    MAIL_FROM: optional(z.string().min(3)),
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
  });

export type Env = z.infer<typeof EnvSchema> & {
  BASE_URL: string;
  SESSION_SECRET: string;
  MAIL_FROM: string;
  registrationEnabled: boolean;
};

export class EnvError extends Error {
  name = "EnvError";
}

/** Parses an environment; throws EnvError with one line naming the first bad variable. */
export function parseEnv(source: NodeJS.ProcessEnv): Env {
  const result = EnvSchema.safeParse(source);
  if (!result.success) {
    const issue = result.error.issues[0]!;
    const name = String(issue.path[0] ?? "environment");
    const shown = source[name] === undefined ? "" : ` (got ${JSON.stringify(source[name])})`;
    throw new EnvError(`Invalid environment variable ${name}${shown}: ${issue.message}`);
  }
  const env = result.data;
  return {
    ...env,
    DATA_DIR: path.resolve(env.DATA_DIR),
    BASE_URL: (env.BASE_URL ?? `http://localhost:${env.PORT}`).replace(/\/+$/, ""),
    SESSION_SECRET: env.SESSION_SECRET ?? developmentSecret(path.resolve(env.DATA_DIR)),
    MAIL_FROM: env.MAIL_FROM ?? `"${env.SITE_TITLE}" <no-reply@localhost>`,
    // The spec: open only when the flag is exactly the text 'true'.
    registrationEnabled: env.FEATURE_REGISTRATION === "true",
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
