// A competition night on the presenter's screen: the entry's category and
// number over its title, and what the host shows of it, the judge's comments
// (while the judge speaks on the call) or its result (score and award in large
// type, and its author once the results are published). What is shown comes
// from the review room (useReviewLead's shownEntries), the same on every
// screen; the host's buttons and keys ask the server, which reads it.
import { useEffect, useRef } from "react";
import { AWARD_LABELS, scoreText } from "~/lib/awards";
import type { EntryShown, ScreenShow, ShowEntry } from "~/lib/realtime-events";
import type { PresenterSlide } from "./presenter-steps";

/** 'Colour · Entry 7': what names a competition's entry on the shared screen. */
export function EntryLine({ entry }: { entry: NonNullable<PresenterSlide["entry"]> }) {
  return (
    <p className="presenter-entry" data-testid="presenter-entry">
      {entry.category} · Entry {entry.number}
    </p>
  );
}

/** The judge's comments or the result over the photo, as the host shows them; nothing for the entry alone. */
export function EntryReveal({ shown }: { shown: EntryShown | undefined }) {
  if (!shown || shown.show === "entry") return null;
  if (shown.show === "comments")
    return (
      <section className="presenter-comments" aria-labelledby="presenter-comments-title" data-testid="judge-comments">
        <h2 id="presenter-comments-title">The judge&apos;s comments</h2>
        <p>{shown.critique || "The judge wrote no comments on this entry."}</p>
      </section>
    );
  return (
    <section className="presenter-result" aria-label="Result" data-testid="entry-result">
      <p className="presenter-award">{shown.award ? AWARD_LABELS[shown.award] : "No award"}</p>
      {shown.score !== null && shown.scoreMax !== null ? (
        <p className="presenter-score">
          <span className="visually-hidden">Score </span>
          {scoreText(shown.score, shown.scoreMax)}
        </p>
      ) : null}
      {shown.author ? <p className="presenter-result-author">{shown.author}</p> : null}
    </section>
  );
}

/**
 * The host's controls (admins, once every entry is scored or the results are published): the judge's
 * comments and the result, each pressed again to hide it; C and R do the same from the keyboard.
 */
export function RevealControls({
  slide,
  shown,
  showEntry,
}: {
  slide: PresenterSlide;
  shown: EntryShown | undefined;
  showEntry: (message: ShowEntry) => void;
}) {
  const now = shown?.show ?? "entry";
  const toggle = (show: ScreenShow) => showEntry({ photoId: slide.id, show: now === show ? "entry" : show });
  const latest = useRef(toggle);
  latest.current = toggle;
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.ctrlKey || event.altKey || event.metaKey || event.defaultPrevented) return;
      const show = ({ c: "comments", r: "result" } as const)[event.key.toLowerCase() as "c" | "r"];
      if (!show) return;
      event.preventDefault();
      latest.current(show);
    };
    window.addEventListener("keydown", onKeyDown);
    return () => window.removeEventListener("keydown", onKeyDown);
  }, []);
  return (
    <>
      <button type="button" aria-pressed={now === "comments"} onClick={() => toggle("comments")}>
        Judge&apos;s comments
      </button>
      <button type="button" aria-pressed={now === "result"} onClick={() => toggle("result")}>
        Show result
      </button>
    </>
  );
}
