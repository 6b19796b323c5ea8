import { redirect } from "react-router";
import type { Route } from "./+types/member";
import { canSeeWholeGallery, newestGalleryYear } from "~/services/access.server";
import { currentMember } from "~/services/auth/session.server";
import { page } from "~/server/pages.server";

// /members/{username}: members see everything ('all'); visitors start at last year's portfolio.
export const loader = page(async ({ request, params }: Route.LoaderArgs) => {
  const viewer = await currentMember(request);
  const year = canSeeWholeGallery(viewer) ? "all" : String(newestGalleryYear(viewer));
  return redirect(`/members/${encodeURIComponent(params.username)}/${year}`);
});
