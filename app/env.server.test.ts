import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { parseEnv } from "./env.server";

const dataDir = () => fs.mkdtempSync(path.join(os.tmpdir(), "club-env-"));

describe("parseEnv", () => {
  it("runs on embedded defaults with nothing configured", () => {
    const dir = dataDir();
    const env = parseEnv({ DATA_DIR: dir });
    expect(env.PORT).toBe(3000);
    expect(env.HOST).toBe("0.0.0.0");
    expect(env.DATABASE_URL).toBeUndefined();
    expect(env.BASE_URL).toBe("http://localhost:3000");
    expect(env.registrationEnabled).toBe(false);
    expect(env.SITE_TITLE).toMatch(/street/i);
    // A development secret is generated once and reused.
    expect(env.SESSION_SECRET.length).toBeGreaterThanOrEqual(32);
    expect(parseEnv({ DATA_DIR: dir }).SESSION_SECRET).toBe(env.SESSION_SECRET);
  });

  it("opens registration only for exactly 'true'", () => {
    const dir = dataDir();
    expect(parseEnv({ DATA_DIR: dir, FEATURE_REGISTRATION: "true" }).registrationEnabled).toBe(true);
    for (const value of ["TRUE", "1", "yes", "true ", "false"]) {
      expect(parseEnv({ DATA_DIR: dir, FEATURE_REGISTRATION: value }).registrationEnabled).toBe(false);
    }
  });

  it("treats empty values as unset and trims a trailing slash from BASE_URL", () => {
    const env = parseEnv({ DATA_DIR: dataDir(), DATABASE_URL: "", PORT: "8080", BASE_URL: "https://club.example/" });
    expect(env.DATABASE_URL).toBeUndefined();
    expect(env.BASE_URL).toBe("https://club.example");
  });

  it.each([
    [{ PORT: "eighty" }, /^Invalid environment variable PORT \(got "eighty"\)/],
    [{ PORT: "70000" }, /^Invalid environment variable PORT/],
    [{ DATABASE_URL: "mysql://db/club" }, /^Invalid environment variable DATABASE_URL.*postgres/],
    [{ NODE_ENV: "production" }, /^Invalid environment variable SESSION_SECRET: is required when NODE_ENV=production/],
    [{ SESSION_SECRET: "short" }, /^Invalid environment variable SESSION_SECRET.*32/],
    [
      { S3_ENDPOINT: "http://minio:9000" },
      /^Invalid environment variable S3_ACCESS_KEY: is required when S3_ENDPOINT is set/,
    ],
    [{ SMTP_URL: "http://mail" }, /^Invalid environment variable SMTP_URL/],
  ])("refuses %o with one line naming it", (source, message) => {
    expect(() => parseEnv({ DATA_DIR: dataDir(), ...source })).toThrow(message);
  });

  it("accepts a production configuration", () => {
    const env = parseEnv({
      NODE_ENV: "production",
      SESSION_SECRET: "x".repeat(40),
      DATABASE_URL: "postgres://club@db:5432/club",
      S3_ENDPOINT: "http://minio:9000",
      S3_ACCESS_KEY: "club",
      S3_SECRET_KEY: "secret",
      SMTP_URL: "smtp://mail:1025",
    });
    expect(env.SESSION_SECRET).toBe("x".repeat(40));
    expect(env.S3_BUCKET).toBe("club-photos");
  });
});
