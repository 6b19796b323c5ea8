// What a route module tells the root layout through its `handle` export (read with useMatches).

export type RouteHandle = {
  /** The route draws the whole window, no navbar or footer: the presenter's screen, shared on a call. */
  ownScreen?: boolean;
  /** The page is for someone outside the club (the judge's link): the club's name, no menu and no 'Log in'. */
  guest?: boolean;
};

/** Whether the page draws the window itself; a failed loader's error screen keeps the shell and its navbar. */
export function drawsOwnScreen(matches: readonly { handle?: unknown; data?: unknown }[]): boolean {
  return matches.some(
    (match) => (match.handle as RouteHandle | undefined)?.ownScreen === true && match.data !== undefined,
  );
}

/** Whether the page is a guest's, its error screen (a closed link) included. */
export function isGuestPage(matches: readonly { handle?: unknown }[]): boolean {
  return matches.some((match) => (match.handle as RouteHandle | undefined)?.guest === true);
}
