import { useRouteLoaderData } from "react-router";
import type { loader } from "~/root";

/** The root loader's data (site title, logged-in member, flash); undefined inside a failed render. */
export function useRootData() {
  return useRouteLoaderData<typeof loader>("root");
}
