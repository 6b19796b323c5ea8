import { data } from "react-router";
import type { Route } from "./+types/gallery";
import { Placeholder } from "~/components/placeholder";
import { currentMember } from "~/services/session.server";

export async function loader({ request, params }: Route.LoaderArgs) {
  const member = await currentMember(request);
  // 'all' is for logged-in members only; a year is four digits.
  if (params.year === "all" ? !member : !/^\d{4}$/.test(params.year)) {
    throw data("Not Found", { status: 404, statusText: "Not Found" });
  }
  return { username: params.username };
}

export default function GalleryPage({ loaderData }: Route.ComponentProps) {
  return <Placeholder title={loaderData.username}>Member galleries arrive with the photos issue.</Placeholder>;
}
