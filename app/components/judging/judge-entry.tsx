import { useCallback, useEffect, useId, useState } from "react";
import type { JudgedEntryJson } from "~/lib/judging";
import { dropDraft, keepDraft, readDraft, type ScoreDraft } from "./score-drafts";

type SaveState = "none" | "saved" | "unsaved" | "saving" | "kept" | "refused";

const STATE_TEXT: Record<SaveState, string> = {
  none: "",
  saved: "Saved",
  unsaved: "Not saved yet",
  saving: "Saving…",
  kept: "Not saved: no connection. Kept on this device, and saved when the connection is back.",
  refused: "",
};

/**
 * One entry: its number, title and picture (full screen on a click), and the judge's score and
 * critique. Without JavaScript the form posts to the page; with it, Save sends a PUT, and what was
 * typed stays in this browser until the server has it.
 */
export function JudgeEntry({
  token,
  entry,
  scoreMax,
  onView,
}: {
  token: string;
  entry: JudgedEntryJson;
  scoreMax: number;
  onView: (entry: JudgedEntryJson) => void;
}) {
  const id = useId();
  const [draft, setDraft] = useState<ScoreDraft>({ score: entry.score?.toString() ?? "", critique: entry.critique });
  const [state, setState] = useState<SaveState>(entry.score === null ? "none" : "saved");
  const [refusal, setRefusal] = useState("");

  const save = useCallback(
    async (next: ScoreDraft) => {
      setState("saving");
      try {
        const response = await fetch(`/api/judge/${token}/scores/${entry.photoId}`, {
          method: "PUT",
          headers: { "Content-Type": "application/json" },
          body: JSON.stringify({ score: Number(next.score), critique: next.critique }),
        });
        if (response.ok) {
          dropDraft(token, entry.photoId);
          setState("saved");
          return;
        }
        const body = (await response.json().catch(() => null)) as { message?: string; errors?: { message: string }[] };
        setRefusal(body?.errors?.[0]?.message ?? body?.message ?? "The score was not saved.");
        setState(response.status >= 500 ? "kept" : "refused");
      } catch {
        setState("kept");
      }
    },
    [token, entry.photoId],
  );

  // A draft from an earlier visit (typed offline, or before a reload) comes back, to be saved.
  useEffect(() => {
    const kept = readDraft(token, entry.photoId);
    if (!kept) return;
    setDraft(kept);
    setState("unsaved");
  }, [token, entry.photoId]);

  useEffect(() => {
    if (state !== "kept") return;
    const retry = () => void save(draft);
    window.addEventListener("online", retry);
    return () => window.removeEventListener("online", retry);
  }, [state, draft, save]);

  const change = (next: ScoreDraft) => {
    setDraft(next);
    keepDraft(token, entry.photoId, next);
    setState("unsaved");
  };

  return (
    <li className="judge-entry" aria-labelledby={`${id}-title`}>
      <button type="button" className="judge-entry-picture" onClick={() => onView(entry)}>
        {entry.thumbUrl ? (
          <img src={entry.thumbUrl} alt="" width={entry.width ?? undefined} height={entry.height ?? undefined} />
        ) : null}
        <span className="visually-hidden">View entry {entry.number} full screen</span>
      </button>
      <h3 id={`${id}-title`}>
        <span className="judge-entry-number">{String(entry.number).padStart(2, "0")}</span> {entry.title ?? "Untitled"}
      </h3>
      <form
        method="post"
        className="judge-score"
        onSubmit={(event) => {
          event.preventDefault();
          void save(draft);
        }}
      >
        <input type="hidden" name="photoId" value={entry.photoId} />
        <div className="field">
          <label htmlFor={`${id}-score`}>Score (1 to {scoreMax})</label>
          <input
            id={`${id}-score`}
            name="score"
            type="number"
            inputMode="numeric"
            min={1}
            max={scoreMax}
            required
            value={draft.score}
            onChange={(event) => change({ ...draft, score: event.target.value })}
          />
        </div>
        <div className="field">
          <label htmlFor={`${id}-critique`}>Critique</label>
          <textarea
            id={`${id}-critique`}
            name="critique"
            rows={4}
            value={draft.critique}
            onChange={(event) => change({ ...draft, critique: event.target.value })}
          />
        </div>
        <div className="judge-score-actions">
          <button type="submit" className="button">
            Save
          </button>
          <span role="status" className={`judge-save-state ${state}`}>
            {state === "refused" ? refusal : STATE_TEXT[state]}
          </span>
        </div>
      </form>
    </li>
  );
}
