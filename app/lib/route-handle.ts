// What a route module tells the root layout through its `handle` export (read with useMatches).

export type RouteHandle = {
  /** The route draws the whole window, no navbar or footer: the presenter's screen, shared on a call. */
  ownScreen?: boolean;
};

/** Whether the page draws the window itself; a failed loader's error screen keeps the shell and its navbar. */
export function drawsOwnScreen(matches: readonly { handle?: unknown; data?: unknown }[]): boolean {
  return matches.some(
    (match) => (match.handle as RouteHandle | undefined)?.ownScreen === true && match.data !== undefined,
  );
}
