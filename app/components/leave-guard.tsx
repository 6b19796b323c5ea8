// The page's side of words that save themselves (use-saved-as-typed.ts), in the
// shell once: a navigation inside the site waits until what was typed is saved
// (the viewer's Next and arrow keys, links, the browser's Back), and asks first
// when it cannot be; a page hidden, closed or left for another site sends what
// is unsaved in a request that outlives it, and the browser asks before leaving
// when it knows the words cannot go.
import { useEffect, useId, useRef, useState } from "react";
import { useBlocker } from "react-router";
import { openDrafts } from "./typed-drafts";
import { useShownDialog } from "./use-shown-dialog";

/** How long a navigation waits for the saves on their way before asking. */
export const LEAVE_WAIT_MS = 5_000;

/** Whether everything typed is saved within `ms` (false when a save failed or is still on its way). */
async function savedWithin(ms: number): Promise<boolean> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<false>((resolve) => (timer = setTimeout(() => resolve(false), ms)));
  try {
    return await Promise.race([openDrafts.flush(), late]);
  } finally {
    clearTimeout(timer);
  }
}

export function LeaveGuard() {
  const blocker = useBlocker(() => openDrafts.unsaved);
  const current = useRef(blocker);
  current.current = blocker;
  const [asking, setAsking] = useState(false);

  // A navigation held: it goes on once the words are saved, else the member is asked.
  useEffect(() => {
    if (blocker.state !== "blocked") return;
    let answered = false;
    void savedWithin(LEAVE_WAIT_MS).then((saved) => {
      if (answered || current.current.state !== "blocked") return;
      if (saved) current.current.proceed?.();
      else setAsking(true);
    });
    return () => {
      answered = true;
    };
  }, [blocker.state]);

  useEffect(() => {
    const leave = () => openDrafts.leave();
    const hidden = () => {
      if (document.visibilityState === "hidden") leave();
    };
    const beforeUnload = (event: BeforeUnloadEvent) => {
      leave();
      if (!openDrafts.mustWarn) return;
      event.preventDefault();
      // Older browsers ask only when a value is set.
      event.returnValue = "";
    };
    document.addEventListener("visibilitychange", hidden);
    window.addEventListener("pagehide", leave);
    window.addEventListener("beforeunload", beforeUnload);
    return () => {
      document.removeEventListener("visibilitychange", hidden);
      window.removeEventListener("pagehide", leave);
      window.removeEventListener("beforeunload", beforeUnload);
    };
  }, []);

  const answer = (leave: boolean) => {
    setAsking(false);
    if (current.current.state !== "blocked") return;
    if (leave) {
      openDrafts.abandon();
      current.current.proceed?.();
    } else current.current.reset?.();
  };

  return asking ? <LeaveQuestion onAnswer={answer} /> : null;
}

/**
 * The question, in a modal dialog like Modal's (modal.tsx), written here so the
 * shell does not load the photos' stylesheet on every page: the dialog only
 * opens over a page with a field that saves itself, which has loaded it.
 */
function LeaveQuestion({ onAnswer }: { onAnswer: (leave: boolean) => void }) {
  const dialog = useShownDialog();
  const titleId = useId();
  const descriptionId = useId();
  return (
    <dialog
      ref={dialog}
      className="modal"
      aria-labelledby={titleId}
      aria-describedby={descriptionId}
      // Escape closes it: the member stays.
      onClose={() => onAnswer(false)}
    >
      <h2 id={titleId}>Leave without saving?</h2>
      <p id={descriptionId}>What you typed could not be saved, so it is lost if you leave now.</p>
      <div className="form-actions">
        <button type="button" className="button primary" autoFocus onClick={() => onAnswer(false)}>
          Stay on this page
        </button>
        <button type="button" className="button danger" onClick={() => onAnswer(true)}>
          Leave anyway
        </button>
      </div>
    </dialog>
  );
}
