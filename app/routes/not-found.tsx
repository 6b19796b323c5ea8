// Every address no other page answers: a 404 'Not found' inside the site's
// shell. Being a route (not React Router's bare 'no match'), it lets the root
// loader run, so the navbar knows who is logged in and the title names the site.
import { page } from "~/server/pages.server";
import { NotFoundError } from "~/services/errors.server";

export { RouteErrorBoundary as ErrorBoundary } from "~/components/route-error-boundary";

export const loader = page(async () => {
  throw new NotFoundError("There is nothing at this address. It may have been moved or deleted.");
});

export default function NotFoundPage() {
  return null;
}
