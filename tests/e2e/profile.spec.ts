// Editing a profile in the browser: a member fixes a refused form,
// saves, sees the navbar greet the new name, adds a picture through the drop
// zone (direct upload), then removes it; the member page shows the new profile.
import { expect, test, type Page } from "./support/fixtures";
import { members } from "./support/members";
import { expectMemberNavbar, navbar, pageTitle, submitLogin, untilHydrated } from "./support/ui";
import { cameraFixture } from "../fixtures/camera-files";

const PHOTO = cameraFixture("Nikon_D70.jpg");
const hugo = members.hugo;

async function me(page: Page) {
  const response = await page.request.get("/api/users/me");
  expect(response.status()).toBe(200);
  return (await response.json()) as {
    firstName: string;
    website: string | null;
    license: string;
    pictureThumbUrl: string | null;
    pictureUrl: string | null;
  };
}

/** Saves the form and waits for the server's answer (an earlier flash is dismissed first, so it cannot be mistaken for this one). */
async function save(page: Page) {
  const dismiss = page.getByRole("button", { name: "Dismiss" });
  if (await dismiss.isVisible()) await dismiss.click();
  await expect(page.getByRole("status")).toHaveCount(0);
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByRole("status")).toContainText("Your account has been updated!");
}

test("a member edits their profile and picture", async ({ page, baseURL }) => {
  await page.goto("/login?from=%2Faccount");
  await submitLogin(page, hugo.username, hugo.password);
  await expect(page).toHaveURL(`${baseURL}/account`);
  await page.getByRole("link", { name: "Edit Profile" }).click();
  await expect(page).toHaveURL(`${baseURL}/members/${hugo.username}/edit`);
  await expect(page).toHaveTitle(pageTitle("Edit Profile"));
  await expect(page.getByLabel("First name")).toHaveValue("Hugo");
  // Admin-only fields are not offered to a member.
  await expect(page.getByLabel("Administrator")).toHaveCount(0);
  await expect(page.getByLabel("Joined on")).toHaveCount(0);

  // Refused: errors under the fields and the banner on top.
  await page.getByLabel("Password", { exact: true }).fill("darkroom42");
  await page.getByLabel("Confirm password").fill("darkroom24");
  await page.getByLabel("Website").fill("ftp://files.example.com");
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByRole("alert")).toHaveText("Please review the errors below.");
  await expect(page.getByText("Passwords do not match.")).toBeVisible();
  await expect(page.getByText("Website must be a web address (https://...).")).toBeVisible();
  await expect(page.getByLabel("Confirm password")).toHaveAttribute("aria-invalid", "true");

  await page.getByLabel("Password", { exact: true }).fill("");
  await page.getByLabel("Confirm password").fill("");
  await page.getByLabel("First name").fill("Hugh");
  await page.getByLabel("Bio").fill("Night buses and neon.");
  await page.getByLabel("Website").fill("hugo.example.com");
  await untilHydrated(page); // the licence's link follows the choice in the page's script
  await page.getByLabel("Default licence").selectOption({ label: "CC BY-SA" });
  await expect(page.getByRole("link", { name: "About CC BY-SA" })).toHaveAttribute(
    "href",
    "https://creativecommons.org/licenses/by-sa/4.0/",
  );
  await save(page);
  await expect(page).toHaveURL(`${baseURL}/members/${hugo.username}/edit`);
  // The navbar greets the new name at once.
  await expectMemberNavbar(page, { firstName: "Hugh", username: hugo.username });
  await expect(page.getByLabel("Website")).toHaveValue("https://hugo.example.com");
  expect(await me(page)).toMatchObject({ firstName: "Hugh", website: "https://hugo.example.com", license: "ccbysa" });

  // The drop zone says what it refuses.
  const fileInput = page.getByLabel("Choose a picture");
  await fileInput.setInputFiles({ name: "notes.txt", mimeType: "text/plain", buffer: Buffer.from("not a picture") });
  await expect(page.getByText(/^File type must be /)).toBeVisible();

  // A real picture: uploaded straight away, then the drop zone waits until it is removed.
  await fileInput.setInputFiles(PHOTO);
  await expect(page.getByRole("img", { name: "Current portrait" })).toBeVisible();
  await expect(page.getByText("Remove the picture to choose another.")).toBeVisible();
  await expect(fileInput).toBeDisabled();
  await expect(page.getByText(/^File type must be /)).toHaveCount(0);
  await save(page);

  const withPicture = await me(page);
  expect(withPicture.pictureThumbUrl).toMatch(/^\/media\/pictures\/\d+\/thumb$/);
  const thumb = await page.request.get(withPicture.pictureThumbUrl!);
  expect(thumb.status()).toBe(200);
  expect(thumb.headers()["content-type"]).toMatch(/^image\//);
  // The navbar avatar shows it.
  await expect(navbar(page).locator(".avatar")).toHaveAttribute("style", new RegExp(withPicture.pictureThumbUrl!));
  await expect(page.getByRole("img", { name: "Current portrait" })).toHaveAttribute("src", withPicture.pictureUrl!);

  // Saving again without touching the picture keeps it.
  await page.getByLabel("Bio").fill("Night buses, neon, rain.");
  await save(page);
  expect((await me(page)).pictureThumbUrl).toBe(withPicture.pictureThumbUrl);

  // The member page shows the new profile, with 'Edit Profile' for its owner.
  await page.goto(`/members/${hugo.username}`);
  await expect(page.getByRole("heading", { name: `Hugh ${hugo.lastName}`, level: 1 })).toBeVisible();
  await expect(page.getByText("Night buses, neon, rain.")).toBeVisible();
  await expect(page.getByRole("link", { name: "hugo.example.com" })).toHaveAttribute(
    "href",
    "https://hugo.example.com",
  );
  await expect(page.getByRole("link", { name: "Edit Profile" })).toHaveAttribute(
    "href",
    `/members/${hugo.username}/edit`,
  );

  // Removing the picture opens the drop zone again.
  await page.goto(`/members/${hugo.username}/edit`);
  await page.getByRole("button", { name: "Remove" }).click();
  await expect(page.getByRole("img", { name: "Current portrait" })).toHaveCount(0);
  await expect(fileInput).toBeEnabled();
  await save(page);
  expect((await me(page)).pictureThumbUrl).toBeNull();
  expect((await page.request.get(withPicture.pictureThumbUrl!)).status()).toBe(404);
});

test("another member sees the profile without 'Edit Profile' and cannot open its form", async ({ page, baseURL }) => {
  await page.goto("/login");
  await submitLogin(page, members.farah.username, members.farah.password);
  await expect(page).toHaveURL(`${baseURL}/`);
  await page.goto(`/members/${members.alice.username}`);
  await expect(page.getByRole("heading", { name: "Alice Aperture", level: 1 })).toBeVisible();
  await expect(page.getByRole("link", { name: "Edit Profile" })).toHaveCount(0);
  const forbidden = await page.goto(`/members/${members.alice.username}/edit`);
  expect(forbidden?.status()).toBe(403);
});
