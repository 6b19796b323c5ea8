import { useState } from "react";
import { useShownDialog } from "~/components/use-shown-dialog";
import type { JudgedEntryJson } from "~/lib/judging";

/**
 * An entry full screen, as the judge sees it projected: fitted to the screen, and at its full size
 * (scrolled around) with Full size or Z. Arrow keys move through the entries; Escape closes.
 */
export function JudgeViewer({
  entries,
  current,
  onMove,
  onClose,
}: {
  entries: JudgedEntryJson[];
  current: JudgedEntryJson;
  onMove: (entry: JudgedEntryJson) => void;
  onClose: () => void;
}) {
  const dialog = useShownDialog();
  const [zoomed, setZoomed] = useState(false);
  const index = entries.findIndex((entry) => entry.photoId === current.photoId);
  const step = (by: number) => {
    const next = entries[index + by];
    if (next) {
      setZoomed(false);
      onMove(next);
    }
  };

  return (
    <dialog
      ref={dialog}
      className="judge-viewer"
      aria-label={`Entry ${current.number}: ${current.title ?? "Untitled"}`}
      onClose={onClose}
      onKeyDown={(event) => {
        if (event.key === "ArrowRight") step(1);
        else if (event.key === "ArrowLeft") step(-1);
        else if (event.key === "z" || event.key === "Z") setZoomed((was) => !was);
      }}
    >
      <div className={zoomed ? "judge-viewer-stage zoomed" : "judge-viewer-stage"}>
        {current.largeUrl ? (
          <img
            src={current.largeUrl}
            alt={`Entry ${current.number}`}
            width={current.width ?? undefined}
            height={current.height ?? undefined}
          />
        ) : null}
      </div>
      <div className="judge-viewer-bar">
        <button type="button" className="button" onClick={() => step(-1)} disabled={index <= 0}>
          ← Previous
        </button>
        <span>
          {String(current.number).padStart(2, "0")} · {current.title ?? "Untitled"}
        </span>
        <button type="button" className="button" onClick={() => setZoomed((was) => !was)}>
          {zoomed ? "Fit" : "Full size"}
        </button>
        <button type="button" className="button" onClick={() => step(1)} disabled={index >= entries.length - 1}>
          Next →
        </button>
        <button type="button" className="button" onClick={() => dialog.current?.close()}>
          Close
        </button>
      </div>
    </dialog>
  );
}
