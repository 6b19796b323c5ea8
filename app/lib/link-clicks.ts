// Which clicks on a link the site follows itself (the router's navigation,
// no page load) and which it leaves to the browser: the rule React Router's
// <Link> applies, for the site's plain links (components/use-follow-link.ts);
// and which of them is the page shown or the one opening: <NavLink>'s rule.

/** What of a click on a link the rule reads (a React or DOM mouse event has them all). */
export type LinkClick = {
  defaultPrevented: boolean;
  button: number;
  metaKey: boolean;
  altKey: boolean;
  ctrlKey: boolean;
  shiftKey: boolean;
};

/**
 * A plain left click, not already handled, on a link that opens in this tab:
 * anything else (a modifier key for a new tab or window, a middle click, a
 * link with another target) is the browser's to answer.
 */
export function followsInSite(click: LinkClick, target: string): boolean {
  if (click.defaultPrevented || click.button !== 0) return false;
  if (target && target !== "_self") return false;
  return !(click.metaKey || click.altKey || click.ctrlKey || click.shiftKey);
}

/** A link to the page already shown replaces its history entry, as <Link> does, rather than adding a second. */
export function replacesHere(href: string, here: { pathname: string; search: string; hash: string }): boolean {
  return href === `${here.pathname}${here.search}${here.hash}`;
}

/**
 * <NavLink>'s rule for a link to `to` while `pathname` is shown (or opening):
 * the same path, or (unless `end`) a path under it; letter case aside.
 */
export function leadsTo(to: string, pathname: string, end = false): boolean {
  const target = to.toLowerCase();
  const path = pathname.toLowerCase();
  if (path === target) return true;
  if (end) return false;
  const slashAt = target !== "/" && target.endsWith("/") ? target.length - 1 : target.length;
  return path.startsWith(target) && path.charAt(slashAt) === "/";
}

/**
 * A navigation link as <NavLink> marks it: `current` (aria-current="page" and the class
 * `active`) while it leads to the page shown, the class `pending` while to the one opening.
 */
export function navLinkState(to: string, end: boolean, shown: string, opening: string | null) {
  const current = leadsTo(to, shown, end);
  const classes = [current && "active", opening !== null && leadsTo(to, opening, end) && "pending"];
  return { current, className: classes.filter(Boolean).join(" ") || undefined };
}
