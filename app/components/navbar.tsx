import { useEffect, useState } from "react";
import { Form, Link, NavLink, useLocation } from "react-router";
import type { NavMember } from "~/services/members/members.server";
import { Avatar } from "./avatar";
import { useHydrated } from "./use-hydrated";

const MENU_ID = "navbar-menu";

export function Navbar({ siteTitle, member }: { siteTitle: string; member: NavMember | null }) {
  const [menuOpen, setMenuOpen] = useState(false);
  const location = useLocation();
  const hydrated = useHydrated();
  // Any navigation (including logging out) closes the small-screen menu.
  useEffect(() => setMenuOpen(false), [location.key]);
  // A menu opened through the link before the script ran stays open once it runs.
  useEffect(() => {
    if (window.location.hash === `#${MENU_ID}`) setMenuOpen(true);
  }, []);

  return (
    <header className={hydrated ? "navbar hydrated" : "navbar"}>
      <Link to="/" className="navbar-title">
        {siteTitle}
      </Link>
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
        <NavLink to="/" end>
          Home
        </NavLink>
        <NavLink to="/members">Members</NavLink>
        {member ? (
          <>
            <NavLink to="/meetings">Meetings</NavLink>
            <NavLink to="/browse">Browse</NavLink>
            <NavLink to="/comments">Comments</NavLink>
            {/* An admin's own work, reachable from every page (not only from a button on /members). */}
            {member.isAdmin ? <NavLink to="/admin/members">Manage Members</NavLink> : null}
            <span className="navbar-spacer" />
            <Link to={`/members/${member.username}`} className="navbar-greeting">
              <Avatar member={member} size={28} />
              <span>Hi, {member.firstName}</span>
            </Link>
            <Form method="post" action="/logout" className="navbar-logout">
              <button type="submit" className="link-button">
                Log out
              </button>
            </Form>
          </>
        ) : (
          <>
            <span className="navbar-spacer" />
            <NavLink to="/login">Log in</NavLink>
          </>
        )}
      </nav>
    </header>
  );
}
