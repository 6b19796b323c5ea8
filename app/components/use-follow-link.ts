// The site's own links on every page (the navbar, the pager) are plain <a
// href>s whose clicks the router follows through this one handler, rather than
// React Router <Link>s: while a page is rendered each <Link> resolves its
// address against the route's matches, sets up its prefetching and makes its
// own click handler (docs/performance.md). These addresses are already whole
// paths, so none of that is needed; the click is followed by the rule <Link>
// applies (lib/link-clicks.ts). The links keep data-discover, so the router
// still learns the routes they lead to ahead of a click. One handler serves
// every link of a component: call the hook once, pass it to each link. A
// grid's cards are <Link prefetch="intent">s: they fetch the photo's route.
import { useCallback } from "react";
import { useLocation, useNavigate } from "react-router";
import { followsInSite, replacesHere } from "~/lib/link-clicks";

export function useFollowLink(): React.MouseEventHandler<HTMLAnchorElement> {
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
