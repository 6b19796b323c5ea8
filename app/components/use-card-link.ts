// A photo card's link is a plain <a href> whose clicks the router follows
// through this one handler, rather than a React Router <Link>: while a page is
// rendered each <Link> resolves its address against the route's matches, sets
// up its prefetching and makes its own click handler, and a grid's 24 of them
// were a tenth of /browse's server CPU (docs/performance.md). A card's address
// is already the whole path, so none of that is needed; the click is followed
// by the rule <Link> applies (lib/link-clicks.ts). The card keeps
// data-discover, so the router still learns the routes it links to ahead of a click.
import { useCallback } from "react";
import { useLocation, useNavigate } from "react-router";
import { followsInSite, replacesHere } from "~/lib/link-clicks";

export function useCardLink(): React.MouseEventHandler<HTMLAnchorElement> {
  const navigate = useNavigate();
  const here = useLocation();
  return useCallback(
    (event) => {
      const link = event.currentTarget;
      if (!followsInSite(event, link.target)) return;
      event.preventDefault();
      const href = link.getAttribute("href")!;
      void navigate(href, { replace: replacesHere(href, here) });
    },
    [navigate, here],
  );
}
