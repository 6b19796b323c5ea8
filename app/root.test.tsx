// The root's error boundary draws the site's shell (navbar, footer, the site
// title in the document title) also when the root loader itself failed, as
// when the club's database is not answering: the failure answer carries the
// title (rootFailure), with the refusal's own status and words.
import { renderToString } from "react-dom/server";
import { createStaticHandler, createStaticRouter, StaticRouterProvider, useRouteError } from "react-router";
import { describe, expect, it } from "vitest";
import { rootFailure } from "~/server/pages.server";
import { NotFoundError, UnavailableError } from "~/services/errors.server";
import App, { ErrorBoundary } from "./root";

async function renderWhenRootFails(error: unknown) {
  const routes = [
    {
      id: "root",
      path: "/",
      loader: () => {
        throw rootFailure(error, "Mission Street Club");
      },
      Component: App as unknown as React.ComponentType,
      // As the framework hands the root's boundary its error.
      ErrorBoundary: function RootBoundary() {
        const Boundary = ErrorBoundary as unknown as React.ComponentType<{ error: unknown }>;
        return <Boundary error={useRouteError()} />;
      },
    },
  ];
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request("http://club.test/"));
  if (context instanceof Response) throw new Error("unexpected redirect");
  const router = createStaticRouter(handler.dataRoutes, context);
  return {
    status: context.statusCode,
    html: renderToString(<StaticRouterProvider router={router} context={context} />),
  };
}

describe("the root's error boundary", () => {
  it("draws the shell with the site title when the root loader's database is not answering (503)", async () => {
    const { status, html } = await renderWhenRootFails(
      new UnavailableError("The club's database is not answering; try again in a minute."),
    );
    expect(status).toBe(503);
    expect(html).toContain("<title>Not available - Mission Street Club</title>");
    expect(html).toContain("The club&#x27;s database is not answering; try again in a minute.");
    expect(html).toContain("503 Service Unavailable");
    expect(html).toMatch(/<nav[^>]*aria-label="Main"/);
    expect(html).toContain('href="/login"');
    expect(html).toContain(`© ${new Date().getFullYear()} Mission Street Club`);
    expect(html).not.toContain("Unexpected Application Error");
  });

  it("shows any refusal's status and message", async () => {
    const { status, html } = await renderWhenRootFails(new NotFoundError("Nothing here."));
    expect(status).toBe(404);
    expect(html).toContain("<title>Not found - Mission Street Club</title>");
    expect(html).toContain("Nothing here.");
  });

  it("keeps internals out of an unforeseen failure: a 500 with generic words, the shell kept", async () => {
    const { status, html } = await renderWhenRootFails(new Error("relation users does not exist at /srv/db.ts"));
    expect(status).toBe(500);
    expect(html).toContain("Something went wrong");
    expect(html).toContain("500 Internal Server Error");
    expect(html).not.toContain("relation users");
    expect(html).toContain(`© ${new Date().getFullYear()} Mission Street Club`);
  });
});
