// Deactivation in the browser: an admin deactivates a member, who is
// logged out at once and refused at login; the same button reactivates them.
import { expect, test } from "./support/fixtures";
import { members } from "./support/members";
import { clickAndConfirm, expectMemberNavbar, expectVisitorNavbar, pageTitle, submitLogin } from "./support/ui";

test("an admin deactivates a member, who is then refused at login, and reactivates them", async ({
  page,
  openContext,
}) => {
  const { ines, gina } = members;

  // Gina is logged in somewhere.
  const ginasContext = await openContext();
  const ginasPage = await ginasContext.newPage();
  await ginasPage.goto("/login");
  await submitLogin(ginasPage, gina.username, gina.password);
  await expectMemberNavbar(ginasPage, gina);

  await page.goto("/login");
  await submitLogin(page, ines.username, ines.password);
  await expectMemberNavbar(page, ines);
  await page.goto("/members");
  await page.getByRole("main").getByRole("link", { name: "Manage Members" }).click();
  await expect(page).toHaveTitle(pageTitle("Manage Members"));

  const table = page.getByRole("table", { name: "Members" });
  // No button to deactivate yourself.
  const ownRow = table.getByRole("row", { name: /Ines Index/ });
  await expect(ownRow.getByRole("link", { name: "Edit Ines Index" })).toBeVisible();
  await expect(ownRow.getByRole("button")).toHaveCount(0);

  const ginasRow = table.getByRole("row", { name: /Gina Gone/ });
  let question = await clickAndConfirm(page, ginasRow.getByRole("button", { name: "Deactivate" }));
  await expect(page.getByRole("status")).toContainText("Gina Gone was deactivated.");
  expect(question).toContain(`deactivate Gina Gone (${gina.email})`);
  await expect(ginasRow).toContainText("(deactivated)");
  await expect(ginasRow.getByRole("button", { name: "Reactivate" })).toBeVisible();

  // Her session has ended, and she cannot log in again.
  await ginasPage.reload();
  await expectVisitorNavbar(ginasPage);
  await ginasPage.goto("/login");
  await submitLogin(ginasPage, gina.username, gina.password);
  await expect(ginasPage.getByRole("alert")).toHaveText("Your account is deactivated.");
  await expect(ginasPage).toHaveURL(/\/login$/);

  // She is gone from the directory too.
  await ginasPage.goto("/members");
  await expect(ginasPage.getByRole("link", { name: "Gina Gone" })).toHaveCount(0);

  question = await clickAndConfirm(page, ginasRow.getByRole("button", { name: "Reactivate" }));
  await expect(page.getByRole("status")).toContainText("Gina Gone was reactivated.");
  expect(question).toBe(`Are you sure you wish to reactivate Gina Gone (${gina.email})?`);

  await ginasPage.goto("/login");
  await submitLogin(ginasPage, gina.username, gina.password);
  await expectMemberNavbar(ginasPage, gina);
});
