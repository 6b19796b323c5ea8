import { data, isRouteErrorResponse, Links, Meta, Outlet, Scripts, ScrollRestoration, useMatches } from "react-router";
import type { Route } from "./+types/root";
import stylesheet from "./app.css?url";
import { FlashBanner } from "./components/flash-banner";
import { Footer } from "./components/footer";
import { LeaveGuard } from "./components/leave-guard";
import { GuestHeader, Navbar } from "./components/navbar";
import { PageTitle } from "./components/page-title";
import { ErrorScreen } from "./components/route-error-boundary";
import { errorDetails } from "./lib/error-details";
import { useRootData } from "./components/root-data";
import { siteTitleOfFailure } from "./lib/root-failure";
import { drawsOwnScreen, isGuestPage } from "./lib/route-handle";
import { rootFailure } from "~/server/pages.server";
import { takeFlash } from "~/server/flash.server";
import { currentMember } from "~/services/auth/session.server";
import { clubName, clubNameWithoutDatabase } from "~/services/club/club-name.server";
import { winnersGalleryOn } from "~/services/competitions/competition-settings.server";
import { toNavMember } from "~/services/members/members.server";
import type { NavMember } from "~/lib/member-json";

export const links: Route.LinksFunction = () => [
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
  { rel: "stylesheet", href: stylesheet },
];

export async function loader({ request }: Route.LoaderArgs) {
  try {
    // The club's name and the member share one read of the data versions (requestVersions).
    const [member, flash, siteTitle, winnersGallery] = await Promise.all([
      currentMember(request),
      takeFlash(request),
      clubName(),
      winnersGalleryOn(),
    ]);
    return data(
      { siteTitle, member: member ? toNavMember(member) : null, flash: flash.message, winnersGallery },
      { headers: flash.setCookie ? { "Set-Cookie": flash.setCookie } : undefined },
    );
  } catch (error) {
    // The root's own failure (the database not answering, say) is shown by the
    // root's boundary, which has no loader data: the answer carries the title.
    throw rootFailure(error, clubNameWithoutDatabase());
  }
}

export function Layout({ children }: { children: React.ReactNode }) {
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <Meta />
        <Links />
      </head>
      <body>
        {children}
        <ScrollRestoration />
        <Scripts />
      </body>
    </html>
  );
}

/** The site around every page and every error screen: navbar, flash banner, footer. */
function Shell(props: {
  siteTitle: string;
  member: NavMember | null;
  winnersGallery: boolean;
  flash: string | null;
  children: React.ReactNode;
}) {
  const guest = isGuestPage(useMatches());
  return (
    <>
      {guest ? (
        <GuestHeader siteTitle={props.siteTitle} />
      ) : (
        <Navbar siteTitle={props.siteTitle} member={props.member} winnersGallery={props.winnersGallery} />
      )}
      <main className="page">
        <FlashBanner serverMessage={props.flash} />
        {props.children}
      </main>
      <Footer siteTitle={props.siteTitle} />
    </>
  );
}

export default function App({ loaderData }: Route.ComponentProps) {
  // A screen that draws the window itself (its route's handle says so: the presenter's) has no shell.
  const ownScreen = drawsOwnScreen(useMatches());
  if (ownScreen) return <Outlet />;
  return (
    <Shell
      siteTitle={loaderData.siteTitle}
      member={loaderData.member}
      flash={loaderData.flash}
      winnersGallery={loaderData.winnersGallery}
    >
      <Outlet />
      {/* Words typed into fields that save themselves are saved, or asked about, before leaving. */}
      <LeaveGuard />
    </Shell>
  );
}

/**
 * Errors no page route caught: the root loader's own refusal (shown like any
 * page's, in the shell) and errors nobody foresaw ('Unexpected Application
 * Error!'). The root's data is here when a child failed; when
 * the root loader itself failed, its answer names the site.
 */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const root = useRootData();
  const siteTitle = root?.siteTitle ?? siteTitleOfFailure(error) ?? "";
  return (
    <Shell
      siteTitle={siteTitle}
      member={root?.member ?? null}
      flash={null}
      winnersGallery={root?.winnersGallery ?? false}
    >
      {isRouteErrorResponse(error) ? (
        <ErrorScreen error={error} siteTitle={siteTitle} />
      ) : (
        <UnexpectedError error={error} />
      )}
    </Shell>
  );
}

function UnexpectedError({ error }: { error: unknown }) {
  // Internals (messages, stacks) only while developing; see lib/error-details.ts.
  const { summary, stack } = errorDetails(error, import.meta.env.DEV);
  return (
    <section className="error-screen" role="alert">
      <PageTitle>Error</PageTitle>
      <h1>Unexpected Application Error!</h1>
      <h2>{summary}</h2>
      {stack ? <pre className="error-stack">{stack}</pre> : null}
    </section>
  );
}
