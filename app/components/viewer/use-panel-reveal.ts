// When the viewer's bottom panel shows: while the mouse is
// within 10 px of the bottom or over the panel itself, and always on a touch
// screen (no pointer to bring it up), where it is docked below the photo.
import { useEffect, useState } from "react";

export function usePanelReveal() {
  const [nearBottom, setNearBottom] = useState(false);
  const [overPanel, setOverPanel] = useState(false);
  const [coarse, setCoarse] = useState(false);

  useEffect(() => {
    const query = window.matchMedia("(pointer: coarse)");
    setCoarse(query.matches);
    const onChange = () => setCoarse(query.matches);
    query.addEventListener("change", onChange);
    return () => query.removeEventListener("change", onChange);
  }, []);

  return {
    shown: nearBottom || overPanel || coarse,
    docked: coarse,
    setNearBottom,
    /** The panel's own pointer events: it stays while the pointer is over it. */
    panelEvents: {
      onPointerEnter: () => setOverPanel(true),
      onPointerLeave: () => setOverPanel(false),
    },
  };
}
