// Outages in the browser. The photo storage (MinIO's API,
// s3rver) and the server's PostgreSQL sit behind fault proxies of the test's
// own. While storage is stopped, the upload queue keeps the chosen file, says
// why it was not sent and offers to try again; once storage is back, trying
// again sends it and it becomes a photo. While the database is stopped, a
// page says so inside the site's shell; once it is back, the site answers.
import path from "node:path";
import { expect, test } from "./support/fixtures";
import { startFaultProxy, type FaultProxy } from "../support/fault-proxy";
import { S3RVER_KEY, startS3rver, type TestS3 } from "../support/s3rver";
import { CAMERA_FIXTURES } from "./support/club-api";
import { submitLogin } from "./support/ui";
import { useClubServer } from "./support/use-club-server";
import { UPLOAD_NOT_SENT_MESSAGE } from "../../app/lib/direct-upload";

const BUCKET = "club-e2e-outage";

const member = {
  firstName: "Saul",
  lastName: "Leiter",
  username: "saul_outage",
  email: "saul.outage@example.com",
  password: "east-village-1947",
};

let s3: TestS3;
let proxy: FaultProxy;
let database: FaultProxy;
/** The server's environment; beforeStart adds the database proxy's address before the server reads it. */
let env: Record<string, string>;

const club = useClubServer({
  name: "outages",
  members: [member],
  env: async () => {
    s3 = await startS3rver({ bucket: BUCKET });
    const endpoint = new URL(s3.endpoint);
    proxy = await startFaultProxy({ host: endpoint.hostname, port: Number(endpoint.port) });
    env = {
      S3_ENDPOINT: `http://127.0.0.1:${proxy.port}`,
      S3_ACCESS_KEY: S3RVER_KEY,
      S3_SECRET_KEY: S3RVER_KEY,
      S3_BUCKET: BUCKET,
    };
    return env;
  },
  beforeStart: async (databaseUrl) => {
    // The server's own database, reached through a proxy (the environment is read after this step).
    const target = new URL(databaseUrl);
    database = await startFaultProxy({ host: target.hostname, port: Number(target.port || 5432) });
    env.DATABASE_URL = database.through(databaseUrl);
  },
});

test.afterAll(async () => {
  await proxy?.close();
  await database?.close();
  await s3?.stop();
});

test("an upload while storage is down stays in the queue and goes once storage is back", async ({ page }) => {
  await page.goto(`${club.baseURL}/login?from=/upload`);
  await submitLogin(page, member.username, member.password);
  await expect(page).toHaveURL(/\/upload$/);

  await proxy.stop();
  await page.getByLabel("Photos to upload").setInputFiles(path.join(CAMERA_FIXTURES, "gps-DSCN0010.jpg"));
  const item = page.getByRole("list", { name: "Uploads" }).getByRole("listitem", { name: "gps-DSCN0010.jpg" });
  await expect(item.getByRole("alert")).toHaveText(UPLOAD_NOT_SENT_MESSAGE, {
    timeout: 30_000,
  });
  await expect(item.getByText("Not sent yet")).toBeVisible();
  // Not thrown away as refused: the file is still in the queue.
  await expect(page.getByRole("list", { name: "Files refused" })).toHaveCount(0);
  await page.screenshot({ path: test.info().outputPath("upload-storage-down.png") });

  await proxy.resume();
  await item.getByRole("button", { name: "Try again" }).click();
  await expect(item.getByText("Photo added!")).toBeVisible({ timeout: 30_000 });
  const thumb = item.getByRole("img");
  await expect.poll(() => thumb.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
});

test("a page while the database is stopped says so in the site's shell, and the site comes back", async ({ page }) => {
  await page.goto(`${club.baseURL}/login`);
  await expect(page.getByRole("heading", { name: "Log in" })).toBeVisible();

  await database.stop();
  const answer = await page.goto(`${club.baseURL}/`);
  expect(answer?.status()).toBe(503);
  await expect(page.getByText("The club's database is not answering; try again in a minute.")).toBeVisible();
  await expect(page.getByRole("navigation", { name: "Main" })).toBeVisible();
  await expect(page.getByRole("contentinfo")).toContainText("Test Street Club");
  await page.screenshot({ path: test.info().outputPath("database-stopped.png"), fullPage: true });
  await page.setViewportSize({ width: 390, height: 800 });
  await page.screenshot({ path: test.info().outputPath("database-stopped-phone.png"), fullPage: true });

  await database.resume();
  await expect.poll(async () => (await page.goto(`${club.baseURL}/login`))?.status(), { timeout: 30_000 }).toBe(200);
  await expect(page.getByRole("heading", { name: "Log in" })).toBeVisible();
});
