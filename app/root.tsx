import { data, Links, Meta, Outlet, Scripts, ScrollRestoration } from "react-router";
import type { Route } from "./+types/root";
import stylesheet from "./app.css?url";
import { FlashBanner } from "./components/flash-banner";
import { Footer } from "./components/footer";
import { Navbar } from "./components/navbar";
import { PageTitle } from "./components/page-title";
import { env } from "./env.server";
import { errorDetails } from "./lib/error-details";
import { useRootData } from "./lib/root-data";
import { takeFlash } from "~/server/flash.server";
import { currentMember } from "~/services/auth/session.server";
import { toNavMember } from "~/services/members/members.server";

export const links: Route.LinksFunction = () => [
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
  { rel: "stylesheet", href: stylesheet },
];

export async function loader({ request }: Route.LoaderArgs) {
  const [member, flash] = await Promise.all([currentMember(request), takeFlash(request)]);
  return data(
    {
      siteTitle: env().SITE_TITLE,
      member: member ? toNavMember(member) : null,
      flash: flash.message,
    },
    { headers: flash.setCookie ? { "Set-Cookie": flash.setCookie } : undefined },
  );
}

export function Layout({ children }: { children: React.ReactNode }) {
  const root = useRootData();
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <Meta />
        <Links />
      </head>
      <body>
        <Navbar siteTitle={root?.siteTitle ?? ""} member={root?.member ?? null} />
        <main className="page">
          <FlashBanner serverMessage={root?.flash ?? null} />
          {children}
        </main>
        <Footer siteTitle={root?.siteTitle ?? ""} />
        <ScrollRestoration />
        <Scripts />
      </body>
    </html>
  );
}

export default function App() {
  return <Outlet />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
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
