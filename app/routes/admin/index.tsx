import { redirect } from "react-router";
import type { Route } from "./+types/index";
import { requireAdmin } from "~/server/guards.server";
import { page } from "~/server/pages.server";

export const loader = page(async ({ request }: Route.LoaderArgs) => {
  await requireAdmin(request);
  return redirect("/admin/members");
});
