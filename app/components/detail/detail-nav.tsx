// The row above a photo: back to its list, 'Full screen', and the neighbours.
import { Link } from "react-router";
import { StandIn } from "../stand-in";
import { useHydrated } from "../use-hydrated";
import { enterBrowserFullScreen, fullScreenHref } from "../viewer/full-screen";
import { loadViewer } from "../viewer/lazy-viewer";

export function DetailNav({
  back,
  here,
  hasImage,
  previous,
  next,
}: {
  back: string;
  /** This page's address (the viewer's is this one with ?view=full). */
  here: string;
  hasImage: boolean;
  previous: string | null;
  next: string | null;
}) {
  const hydrated = useHydrated();
  return (
    <nav className="photo-detail-nav" aria-label="Photo navigation">
      <Link to={back}>Back to list</Link>
      <span className="spacer" />
      {/* The viewer needs JavaScript: without it the button would only reload this page. Until the
          page runs, an unseen stand-in of its size holds its place, so the row does not grow (and
          on a phone wrap) under the reader's eyes when it appears. */}
      {hasImage ? (
        hydrated ? (
          <Link
            id="photo-full-screen"
            to={fullScreenHref(here)}
            className="button small"
            preventScrollReset
            onClick={enterBrowserFullScreen}
            onPointerEnter={() => void loadViewer()}
            onFocus={() => void loadViewer()}
          >
            Full screen
          </Link>
        ) : (
          <StandIn className="button small">Full screen</StandIn>
        )
      ) : null}
      {previous ? (
        <Link to={previous} rel="prev">
          ← Previous
        </Link>
      ) : (
        <span className="disabled">← Previous</span>
      )}
      {next ? (
        <Link to={next} rel="next">
          Next →
        </Link>
      ) : (
        <span className="disabled">Next →</span>
      )}
    </nav>
  );
}
