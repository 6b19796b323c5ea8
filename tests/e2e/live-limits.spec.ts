// A window past a member's socket cap says why it shows nothing live:
// the server refuses it with a sentence, and the full-screen viewer
// shows that sentence where it would otherwise say it is offline. The cap is
// lowered to two sockets per room, which one window (its comments and its live
// layer) fills.
import { expect, test } from "./support/fixtures";
import { logInContext, uploadPhoto } from "./support/club-api";
import { memberDetails } from "./support/members";
import { viewer } from "./support/ui";
import { useClubServer } from "./support/use-club-server";

const wes = memberDetails("wes_windows", "Wes", "Windows");

const server = useClubServer({
  name: "live-limits",
  members: [wes],
  env: { LIVE_SOCKETS_PER_MEMBER_IN_ROOM: "2" },
});

test("a window past the cap says there are too many, where it would say offline", async ({ browser }) => {
  const context = await browser.newContext({ baseURL: server.baseURL });
  await logInContext(context, wes);
  const photo = await uploadPhoto(context);

  const first = await context.newPage();
  await first.goto(`/comments/${photo.id}?view=full`);
  await expect(viewer(first)).toBeVisible();
  // The first window's comments are live: both its sockets are in.
  await expect(first.locator('#comments[data-live="connected"]')).toHaveCount(1);
  await expect(viewer(first).getByRole("alert")).toHaveCount(0);

  const second = await context.newPage();
  await second.goto(`/comments/${photo.id}?view=full`);
  await expect(viewer(second).getByRole("alert")).toHaveText(/open live in too many of your windows: close one/);

  // Closing the first window frees the places: a third window is live again.
  await first.close();
  const third = await context.newPage();
  await third.goto(`/comments/${photo.id}?view=full`);
  await expect(third.locator('#comments[data-live="connected"]')).toHaveCount(1);
  await expect(viewer(third).getByRole("alert")).toHaveCount(0);
  await context.close();
});
