// What a route module tells the root layout through its `handle` export
// (React Router hands every match's handle to useMatches). One thing so far: a
// screen that draws the whole window itself, with no navbar, flash banner or
// footer around it: the presenter's screen, which a host shares on a call.
//
//   export const handle: RouteHandle = { ownScreen: true };

export type RouteHandle = {
  /** The route draws the whole window itself; its error screens still come in the site's shell. */
  ownScreen?: boolean;
};

/**
 * Whether the page on screen draws the window itself: a matched route says so
 * in its handle and its loader's data is there (a refused or failed loader's
 * error screen is drawn in the shell, with the navbar to go elsewhere).
 */
export function drawsOwnScreen(matches: readonly { handle?: unknown; data?: unknown }[]): boolean {
  return matches.some(
    (match) => (match.handle as RouteHandle | undefined)?.ownScreen === true && match.data !== undefined,
  );
}
