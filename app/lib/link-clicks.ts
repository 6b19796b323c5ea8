// Which clicks on a link the site follows itself (the router's navigation,
// no page load) and which it leaves to the browser: the rule React Router's
// <Link> applies, for the photo cards' plain links (components/use-card-link.ts).

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
