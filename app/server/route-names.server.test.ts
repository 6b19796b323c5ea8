// What the log names a request: the pattern of the route of app/routes.ts it
// reaches, however a client spells the address (case, slashes, dot segments,
// encoding, a data request, a path carried in a query), so no secret of a path
// or query is ever in the name. The log asks it only of a request no route
// module saw (React Router tells it the rest); tests/integration/request-logs.test.ts
// sends such spellings to the site and reads its log.
import crypto from "node:crypto";
import type { RouteConfigEntry } from "@react-router/dev/routes";
import { describe, expect, it } from "vitest";
import routes from "~/routes";
import { leafRoutes } from "../../tests/support/route-table";
import { MALFORMED, routeNames, type BuildRoutes } from "./route-names.server";

/** The route table as the server build carries it: the root, then every entry under its parent's id. */
function buildRoutes(entries: RouteConfigEntry[], parentId = "root", into: BuildRoutes = {}): BuildRoutes {
  into.root ??= { id: "root", path: "" };
  for (const entry of entries) {
    const id = entry.id ?? entry.file.replace(/\.tsx?$/, "");
    into[id] = { id, parentId, path: entry.path, index: entry.index };
    if (entry.children) buildRoutes(entry.children, id, into);
  }
  return into;
}

const nameOf = routeNames(buildRoutes(routes));

function spellings(path: string): string[] {
  const hex = (char: string) => char.charCodeAt(0).toString(16);
  const spell = (each: (segment: string) => string, join = "/") => path.split("/").map(each).join(join);
  return [
    path,
    spell((segment) => segment.toUpperCase()),
    spell((segment) => segment[0]?.toUpperCase() + segment.slice(1)),
    spell((segment) => segment, "/./"),
    `/members/..${path}`,
    `/%2e%2e${path}`,
    spell((segment) => (segment ? `%${hex(segment[0]!)}${segment.slice(1)}` : segment)),
    spell((segment) => segment, "\\"),
    `${path}?page=2&token=abc`,
    `${path}.data?_routes=root`,
  ];
}

describe("routeNames", () => {
  it("names every route of the table by its pattern, however its address is spelled", () => {
    for (const route of leafRoutes()) {
      // A nested photo's route is listed with '?' (its grid answers without it); the address names the photo.
      const pattern = `/${route.path}`.replace(/\?$/, "");
      const secret = crypto.randomBytes(18).toString("base64url");
      const address = pattern.replace(/:\w+\??/g, secret).replace("*", secret);
      for (const spelling of spellings(address)) {
        const name = nameOf(spelling);
        expect([spelling, name]).toEqual([spelling, expect.not.stringContaining(secret)]);
        // A spelling routing reads as another address (an id where a word was) names that route instead.
        expect([spelling, name]).toEqual([spelling, expect.stringMatching(/^\/[\w/:?*.-]*$/)]);
      }
      expect([address, nameOf(address)]).toEqual([address, pattern]);
    }
  });

  it("names a secret's routes by their parameters", () => {
    const secret = crypto.randomBytes(18).toString("base64url");
    expect(nameOf(`/invites/${secret}`)).toBe("/invites/:inviteId");
    expect(nameOf(`/Invites/${secret}`)).toBe("/invites/:inviteId");
    expect(nameOf(`/browse/../%69nvites/${secret}?x=1`)).toBe("/invites/:inviteId");
    expect(nameOf(`/passwords/reset/${secret}.data`)).toBe("/passwords/reset/:token.data");
    expect(nameOf(`/api/invites/${secret}/resend`)).toBe("/api/invites/:inviteId/resend");
    expect(nameOf(`/calendar/${secret}.ics`)).toBe("/calendar/:feed");
    expect(nameOf(`/uploads/${secret}`)).toBe("/uploads/:token");
    expect(nameOf(`/setup/${secret}`)).toBe("/setup/:token");
    expect(nameOf(`/judge/${secret}/photos/3/large`)).toBe("/judge/:token/photos/:photoId/:size");
    expect(nameOf(`/browse?token=${secret}`)).toBe("/browse");
    expect(nameOf(`/login?from=%2Finvites%2F${secret}`)).toBe("/login");
  });

  it("gives what no route of the table matches a fixed name", () => {
    const secret = crypto.randomBytes(18).toString("base64url");
    expect(nameOf("/")).toBe("/");
    expect(nameOf("/_root.data")).toBe("/_root.data");
    expect(nameOf(`/assets/${secret}.js`)).toBe("/*");
    expect(nameOf(`/__manifest?p=/invites/${secret}&version=1`)).toBe("/*");
    expect(nameOf(`/no/such/${secret}`)).toBe("/*");
    expect(nameOf(`/api/no-such/${secret}`)).toBe("/api/*");
    expect(nameOf(`/media/photos/12/thumb`)).toBe("/media/photos/:photoId/:size");
    expect(nameOf("%")).toBe(MALFORMED);
    expect(nameOf(`/invites/${secret}%E0`)).toBe(MALFORMED);
  });
});
