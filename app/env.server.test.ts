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

  it("holds a page's scripts for its first photo unless SCRIPTS_AFTER_FIRST_PHOTO is false", () => {
    const dir = dataDir();
    expect(parseEnv({ DATA_DIR: dir }).scriptsAfterFirstPhoto).toBe(true);
    expect(parseEnv({ DATA_DIR: dir, SCRIPTS_AFTER_FIRST_PHOTO: "false" }).scriptsAfterFirstPhoto).toBe(false);
    expect(() => parseEnv({ DATA_DIR: dir, SCRIPTS_AFTER_FIRST_PHOTO: "no" })).toThrow("SCRIPTS_AFTER_FIRST_PHOTO");
  });

  it("treats empty values as unset and trims a trailing slash from BASE_URL", () => {
    const env = parseEnv({ DATA_DIR: dataDir(), DATABASE_URL: "", PORT: "8080", BASE_URL: "https://club.example/" });
    expect(env.DATABASE_URL).toBeUndefined();
    expect(env.BASE_URL).toBe("https://club.example");
  });

  it("gives an empty setting with a default its default: PORT='' is 3000, not a random port", () => {
    const env = parseEnv({ DATA_DIR: dataDir(), PORT: "", HOST: "", S3_BUCKET: "", MEETING_REMINDER_HOURS: "" });
    expect([env.PORT, env.HOST, env.S3_BUCKET, env.MEETING_REMINDER_HOURS]).toEqual([
      3000,
      "0.0.0.0",
      "club-photos",
      24,
    ]);
    expect(env.BASE_URL).toBe("http://localhost:3000");
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

describe("TRUST_PROXY and the limits", () => {
  it("trusts no proxy and keeps the limits' defaults when nothing is set", () => {
    const env = parseEnv({ DATA_DIR: dataDir() });
    expect(env.TRUST_PROXY).toBe(false);
    expect(env.REQUEST_MAX_BYTES).toBe(1024 * 1024);
    expect(env.IMAGE_METADATA_MAX_BYTES).toBe(8 * 1024 * 1024);
    // One image decoded at a time per two cores, and as many exiftool processes.
    const imageConcurrency = Math.max(1, Math.floor(os.availableParallelism() / 2));
    expect(env.IMAGE_PROCESSING_CONCURRENCY).toBe(imageConcurrency);
    expect(env.IMAGE_PROCESSING_MEMORY_MB).toBe(512);
    expect(env.EXIFTOOL_PROCS).toBe(Math.min(16, imageConcurrency));
    expect(parseEnv({ DATA_DIR: dataDir(), IMAGE_PROCESSING_CONCURRENCY: "3" }).EXIFTOOL_PROCS).toBe(3);
    expect(parseEnv({ DATA_DIR: dataDir(), EXIFTOOL_PROCS: "5" }).EXIFTOOL_PROCS).toBe(5);
    expect(env.EXIFTOOL_TIMEOUT_MS).toBe(10_000);
    expect(env.EXIFTOOL_MAX_MEMORY_MB).toBe(512);
    expect(env.UPLOAD_PENDING_MAX_BYTES).toBe(40 * 50 * 1024 * 1024);
    expect(env.UPLOAD_ANNOUNCE_PER_10_MIN).toBe(120);
    expect(env.LIVE_SOCKETS_PER_MEMBER_IN_ROOM).toBe(6);
    expect(env.LIVE_SOCKETS_PER_MEMBER).toBe(20);
    expect(env.LIVE_HANDSHAKES_PER_ADDRESS_PER_MIN).toBe(600);
    expect(parseEnv({ DATA_DIR: dataDir(), UPLOAD_MAX_BYTES: "1000" }).UPLOAD_PENDING_MAX_BYTES).toBe(40_000);
    expect(parseEnv({ DATA_DIR: dataDir(), UPLOAD_PENDING_MAX_BYTES: "" }).UPLOAD_PENDING_MAX_BYTES).toBe(
      40 * 50 * 1024 * 1024,
    );
  });

  it.each([
    ["", false],
    ["false", false],
    ["true", true],
    ["2", 2],
    ["loopback", "loopback"],
    ["10.0.0.0/8, 192.168.1.7", "10.0.0.0/8,192.168.1.7"],
    ["loopback,fd00::/8", "loopback,fd00::/8"],
  ])("takes TRUST_PROXY=%j as %j", (value, expected) => {
    expect(parseEnv({ DATA_DIR: dataDir(), TRUST_PROXY: value }).TRUST_PROXY).toBe(expected);
  });

  it.each(["yes", "10.0.0.0/33", "proxy.example", "10.0.0.1/8/1", "loopback,nope"])(
    "refuses TRUST_PROXY=%j with one line naming it",
    (value) => {
      expect(() => parseEnv({ DATA_DIR: dataDir(), TRUST_PROXY: value })).toThrow(
        /^Invalid environment variable TRUST_PROXY/,
      );
    },
  );

  it.each([
    [{ REQUEST_MAX_BYTES: "0" }, /^Invalid environment variable REQUEST_MAX_BYTES/],
    [{ EXIFTOOL_PROCS: "0" }, /^Invalid environment variable EXIFTOOL_PROCS/],
    [{ IMAGE_PROCESSING_CONCURRENCY: "0" }, /^Invalid environment variable IMAGE_PROCESSING_CONCURRENCY/],
    [{ IMAGE_PROCESSING_MEMORY_MB: "10" }, /^Invalid environment variable IMAGE_PROCESSING_MEMORY_MB/],
    [{ EXIFTOOL_TIMEOUT_MS: "10" }, /^Invalid environment variable EXIFTOOL_TIMEOUT_MS/],
    [{ EXIFTOOL_MAX_MEMORY_MB: "lots" }, /^Invalid environment variable EXIFTOOL_MAX_MEMORY_MB/],
    [{ UPLOAD_ANNOUNCE_PER_10_MIN: "0" }, /^Invalid environment variable UPLOAD_ANNOUNCE_PER_10_MIN/],
    [{ LIVE_SOCKETS_PER_MEMBER_IN_ROOM: "0" }, /^Invalid environment variable LIVE_SOCKETS_PER_MEMBER_IN_ROOM/],
    [{ LIVE_HANDSHAKES_PER_ADDRESS_PER_MIN: "many" }, /^Invalid environment variable LIVE_HANDSHAKES_PER_ADDRESS/],
    [
      { LIVE_SOCKETS_PER_MEMBER: "4" },
      /^Invalid environment variable LIVE_SOCKETS_PER_MEMBER \(got "4"\): must be at least LIVE_SOCKETS_PER_MEMBER_IN_ROOM/,
    ],
    [
      { UPLOAD_MAX_BYTES: "1000", UPLOAD_PENDING_MAX_BYTES: "999" },
      /^Invalid environment variable UPLOAD_PENDING_MAX_BYTES \(got "999"\): must be at least UPLOAD_MAX_BYTES/,
    ],
  ])("refuses %o", (source, message) => {
    expect(() => parseEnv({ DATA_DIR: dataDir(), ...source })).toThrow(message);
  });
});

describe("CLUB_TIME_ZONE and MEETING_REMINDER_HOURS", () => {
  it("default to the server's own zone and 24 hours", () => {
    const env = parseEnv({ DATA_DIR: dataDir() });
    expect(env.CLUB_TIME_ZONE).toBe(Intl.DateTimeFormat().resolvedOptions().timeZone);
    expect(env.MEETING_REMINDER_HOURS).toBe(24);
    expect(parseEnv({ DATA_DIR: dataDir(), CLUB_TIME_ZONE: "", MEETING_REMINDER_HOURS: "" })).toMatchObject({
      CLUB_TIME_ZONE: env.CLUB_TIME_ZONE,
      MEETING_REMINDER_HOURS: 24,
    });
  });

  it("take an IANA zone, and 0 hours to turn reminders off", () => {
    const env = parseEnv({ DATA_DIR: dataDir(), CLUB_TIME_ZONE: "America/Los_Angeles", MEETING_REMINDER_HOURS: "0" });
    expect(env.CLUB_TIME_ZONE).toBe("America/Los_Angeles");
    expect(env.MEETING_REMINDER_HOURS).toBe(0);
  });

  it.each([
    [
      { CLUB_TIME_ZONE: "Mars/Olympus_Mons" },
      /^Invalid environment variable CLUB_TIME_ZONE \(got "Mars\/Olympus_Mons"\)/,
    ],
    [{ CLUB_TIME_ZONE: "PST8PDT-ish" }, /^Invalid environment variable CLUB_TIME_ZONE/],
    [{ MEETING_REMINDER_HOURS: "-1" }, /^Invalid environment variable MEETING_REMINDER_HOURS/],
    [{ MEETING_REMINDER_HOURS: "1.5" }, /^Invalid environment variable MEETING_REMINDER_HOURS/],
    [{ MEETING_REMINDER_HOURS: "soon" }, /^Invalid environment variable MEETING_REMINDER_HOURS/],
  ])("refuses %o", (source, message) => {
    expect(() => parseEnv({ DATA_DIR: dataDir(), ...source })).toThrow(message);
  });
});
