import { useEffect, useState } from "react";
import { Form, useLocation, useNavigation } from "react-router";
import { navLinkState } from "~/lib/link-clicks";
import type { NavMember } from "~/lib/member-json";
import { Avatar } from "./avatar";
import { useFollowLink } from "./use-follow-link";
import { useHydrated } from "./use-hydrated";

const MENU_ID = "navbar-menu";

/**
 * The navbar's links are plain ones the router follows (use-follow-link.ts), marked
 * as <NavLink> marks them: `active` with aria-current="page" for the page shown,
 * `pending` while the page it leads to is opening. Returns what draws one.
 */
function useMenuLinks(follow: React.MouseEventHandler<HTMLAnchorElement>) {
  const shown = useLocation().pathname;
  const opening = useNavigation().location?.pathname ?? null;
  return (to: string, label: string, end = false) => {
    const { current, className } = navLinkState(to, end, shown, opening);
    return (
      <a
        href={to}
        className={className}
        aria-current={current ? "page" : undefined}
        data-discover="true"
        onClick={follow}
      >
        {label}
      </a>
    );
  };
}

export function Navbar({
  siteTitle,
  member,
  winnersGallery,
}: {
  siteTitle: string;
  member: NavMember | null;
  /** The club shows its winners gallery (a club setting): linked for visitors and members alike. */
  winnersGallery: boolean;
}) {
  const [menuOpen, setMenuOpen] = useState(false);
  const location = useLocation();
  const hydrated = useHydrated();
  const follow = useFollowLink();
  const menuLink = useMenuLinks(follow);
  // Any navigation (including logging out) closes the small-screen menu.
  useEffect(() => setMenuOpen(false), [location.key]);
  // A menu opened through the link before the script ran stays open once it runs.
  useEffect(() => {
    if (window.location.hash === `#${MENU_ID}`) setMenuOpen(true);
  }, []);

  return (
    <header className={hydrated ? "navbar hydrated" : "navbar"}>
      <a href="/" className="navbar-title" data-discover="true" onClick={follow}>
        {siteTitle}
      </a>
      {hydrated ? (
        <button
          type="button"
          className="navbar-toggle"
          aria-expanded={menuOpen}
          aria-controls={MENU_ID}
          onClick={() => setMenuOpen((open) => !open)}
        >
          Menu
        </button>
      ) : (
        // Without JavaScript the toggle is a link to the menu, which app.css shows while it is the page's target.
        <a href={`#${MENU_ID}`} className="navbar-toggle">
          Menu
        </a>
      )}
      <nav id={MENU_ID} className={menuOpen ? "navbar-menu open" : "navbar-menu"} aria-label="Main">
        {menuLink("/", "Home", true)}
        {menuLink("/members", "Members")}
        {winnersGallery ? menuLink("/winners", "Winners") : null}
        {member ? (
          <>
            {menuLink("/meetings", "Meetings")}
            {menuLink("/browse", "Browse")}
            {menuLink("/comments", "Comments")}
            {/* An admin's own work, reachable from every page (not only from a button on /members). */}
            {member.isAdmin ? menuLink("/admin/members", "Manage Members") : null}
            <span className="navbar-spacer" />
            <a href={`/members/${member.username}`} className="navbar-greeting" data-discover="true" onClick={follow}>
              <Avatar member={member} size={28} />
              <span>Hi, {member.firstName}</span>
            </a>
            <Form method="post" action="/logout" className="navbar-logout">
              <button type="submit" className="link-button">
                Log out
              </button>
            </Form>
          </>
        ) : (
          <>
            <span className="navbar-spacer" />
            {menuLink("/login", "Log in")}
          </>
        )}
      </nav>
    </header>
  );
}

/** A guest's page (the judge's link): the club's name alone, marked hydrated as the navbar is. */
export function GuestHeader({ siteTitle }: { siteTitle: string }) {
  const hydrated = useHydrated();
  return (
    <header className={hydrated ? "navbar hydrated" : "navbar"}>
      <span className="navbar-title">{siteTitle}</span>
    </header>
  );
}
