// Leaving the photo shown: to a neighbour (previous/next), or out of the viewer
// (Exit, Escape, or the browser's own full screen ending). A crop being drawn
// is taken away first, for the others too; Escape with a crop open takes only
// the crop away.
import { useCallback, useEffect, useRef } from "react";
import { useNavigate } from "react-router";
import { leaveBrowserFullScreen } from "./full-screen";
import type { OwnCropControl } from "./use-own-crop";

/** A browser's Escape that also ends its full screen is one press: its fullscreenchange must not exit too. */
const ESCAPE_ECHO_MS = 1000;

export function useViewerExit({
  exitHref,
  crop,
  ownMove,
}: {
  exitHref: string;
  crop: OwnCropControl;
  /** Called on a move of the member's own (a follower stops following). */
  ownMove: () => void;
}) {
  const navigate = useNavigate();
  const { cancel: cancelCrop, openNow: cropOpenNow } = crop;

  const exiting = useRef(false);
  const exit = useCallback(() => {
    if (exiting.current) return;
    exiting.current = true;
    cancelCrop();
    leaveBrowserFullScreen();
    void navigate(exitHref, { preventScrollReset: true });
  }, [cancelCrop, exitHref, navigate]);

  const go = useCallback(
    (to: string | null) => {
      if (!to) return;
      ownMove();
      cancelCrop();
      void navigate(to, { preventScrollReset: true });
    },
    [ownMove, cancelCrop, navigate],
  );

  const cropCancelledAt = useRef(0);
  /** Escape: the crop being drawn goes, else the viewer. */
  const escape = () => {
    if (crop.crop && !crop.crop.done) {
      cropCancelledAt.current = Date.now();
      cancelCrop();
    } else exit();
  };

  // The browser's own Escape leaves its full screen without telling the page: the viewer follows, a crop first.
  // (When the page does get that Escape, its crop cancel must not be taken for a second Escape.)
  useEffect(() => {
    const onChange = () => {
      if (document.fullscreenElement) return;
      if (cropOpenNow()) cancelCrop();
      else if (Date.now() - cropCancelledAt.current > ESCAPE_ECHO_MS) exit();
    };
    document.addEventListener("fullscreenchange", onChange);
    return () => document.removeEventListener("fullscreenchange", onChange);
  }, [cropOpenNow, cancelCrop, exit]);

  return { exit, go, escape };
}
