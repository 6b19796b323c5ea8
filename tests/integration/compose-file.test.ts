// docker-compose.yml as an operator runs it, read as Docker Compose reads it
// (`docker compose config` cannot run where Docker is not installed): several
// app processes behind the proxy (`--scale app=2`), their live rooms meeting in
// Redis, every image pinned, every service a dependant waits on able to say it
// is ready, and the backup command writing to the host.
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import yaml from "js-yaml";
import { describe, expect, it } from "vitest";

const root = path.resolve(import.meta.dirname, "../..");
const read = (file: string) => fs.readFileSync(path.join(root, file), "utf8");

type Service = {
  image?: string;
  build?: unknown;
  ports?: string[];
  expose?: string[];
  environment?: Record<string, string>;
  volumes?: string[];
  depends_on?: Record<string, { condition: string }>;
  healthcheck?: { test: string[] };
  container_name?: string;
};
const compose = yaml.load(read("docker-compose.yml")) as { services: Record<string, Service> };
const { services } = compose;
const app = services.app!;

describe("docker-compose.yml", () => {
  it("lets the app scale: no published port or fixed name of its own, one proxy in front", () => {
    expect(app.ports).toBeUndefined();
    expect(app.container_name).toBeUndefined();
    expect(app.expose).toEqual(["3000"]);
    const published = Object.entries(services).filter(([, service]) =>
      service.ports?.some((p) => /:3000$|^3000:/.test(p)),
    );
    expect(published.map(([name]) => name)).toEqual(["proxy"]);
    const proxy = services.proxy!;
    expect(proxy.depends_on).toHaveProperty("app");
    const [config] = proxy.volumes!.map((volume) => volume.split(":")[0]!);
    expect(config).toBe("./deploy/nginx/club.conf");
  });

  it("proxies to every replica, each client kept to one (socket.io's polling), WebSockets passed through", () => {
    const nginx = read("deploy/nginx/club.conf");
    // Every replica behind the one service name, found again as replicas come and go.
    expect(nginx).toMatch(/resolver 127\.0\.0\.11\b/);
    expect(nginx).toMatch(/server app:3000 resolve;/);
    expect(nginx).toMatch(/\n\s*(ip_hash|hash \$\S+ consistent);/);
    expect(nginx).toMatch(/proxy_set_header Upgrade \$http_upgrade;/);
    expect(nginx).toMatch(/proxy_set_header Connection \$connection_upgrade;/);
    expect(nginx).toMatch(/proxy_http_version 1\.1;/);
    expect(nginx).toMatch(/proxy_set_header X-Forwarded-For \$proxy_add_x_forwarded_for;/);
    // The app believes the proxy's forwarded addresses (its private compose network).
    expect(app.environment!.TRUST_PROXY).toMatch(/uniquelocal/);
  });

  it("shares the live rooms through Redis, which the app waits for", () => {
    const redisUrl = new URL(app.environment!.REDIS_URL!);
    expect(services[redisUrl.hostname]?.healthcheck).toBeDefined();
    expect(app.depends_on![redisUrl.hostname]).toEqual({ condition: "service_healthy" });
  });

  it("pins every image to an exact release", () => {
    const images = Object.entries(services).filter(([, service]) => !service.build);
    expect(images.length).toBeGreaterThanOrEqual(5);
    for (const [name, service] of images) {
      // name:1.2.3 or name:v1.2.3, with a variant after (-alpine); never latest or a bare major.
      expect([name, service.image]).toEqual([name, expect.stringMatching(/^[\w./-]+:v?\d+\.\d+(\.\d+)?(-[\w.]+)?$/)]);
    }
  });

  it("builds the app on one exact Node release in every stage", () => {
    const dockerfile = read("Dockerfile");
    const pinned = /^ARG NODE_IMAGE=node:\d+\.\d+\.\d+-[\w.-]+$/m.exec(dockerfile);
    expect(pinned).not.toBeNull();
    const bases = [...dockerfile.matchAll(/^FROM (\S+)/gm)].map((match) => match[1]);
    expect(bases.length).toBeGreaterThanOrEqual(3);
    // Every stage starts from the pinned image or from an earlier stage of this file.
    const stages = [...dockerfile.matchAll(/^FROM \S+ AS (\S+)/gm)].map((match) => match[1]);
    for (const base of bases) expect([base, stages.includes(base) || base === "${NODE_IMAGE}"]).toEqual([base, true]);
  });

  it("gives the app's every dependency a healthcheck, and waits on it", () => {
    for (const [name, wait] of Object.entries(app.depends_on!)) {
      expect([name, services[name]?.healthcheck?.test]).toEqual([name, expect.any(Array)]);
      expect([name, wait.condition]).toEqual([name, "service_healthy"]);
    }
    expect(services.mail!.healthcheck!.test).toEqual(["CMD", "/mailpit", "readyz"]);
  });

  it("writes the documented backup to the host: a bind mount, and the docs' command names it", () => {
    const bind = app.volumes!.find((volume) => volume.startsWith("./"));
    expect(bind).toBe("./backups:/backups");
    const operations = read("docs/operations.md");
    expect(operations).toContain("docker compose exec app npm run backup -- --out /backups/");
    expect(read("docker-compose.yml")).toContain("npm run backup -- --out /backups/");
  });

  it.skipIf(!hasDockerCompose())("is a file Docker Compose itself accepts", () => {
    execFileSync("docker", ["compose", "config", "--quiet"], {
      cwd: root,
      env: { ...process.env, SESSION_SECRET: "x".repeat(40) },
    });
  });
});

function hasDockerCompose(): boolean {
  try {
    execFileSync("docker", ["compose", "version"], { stdio: "ignore" });
    return true;
  } catch {
    return false;
  }
}
