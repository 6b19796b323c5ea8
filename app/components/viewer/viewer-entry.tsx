// A competition's entry in a member's viewer on the night: what the host shows
// of it on the room's screens (the judge's comments, or its award and score)
// shows here too, over the photo's top, so a member following in their own
// window sees what the call sees. It comes from the review room (useReviewLead).
import { AWARD_LABELS, scoreText } from "~/lib/awards";
import type { EntryShown } from "~/lib/realtime-events";

export function ViewerEntry({ shown }: { shown: EntryShown | undefined }) {
  if (!shown || shown.show === "entry") return null;
  if (shown.show === "comments")
    return (
      <div className="viewer-entry" role="status" data-testid="viewer-entry">
        <strong>The judge&apos;s comments</strong> {shown.critique || "The judge wrote no comments on this entry."}
      </div>
    );
  return (
    <div className="viewer-entry result" role="status" data-testid="viewer-entry">
      <strong>{shown.award ? AWARD_LABELS[shown.award] : "No award"}</strong>
      {shown.score !== null && shown.scoreMax !== null ? ` · Score ${scoreText(shown.score, shown.scoreMax)}` : null}
      {shown.author ? ` · ${shown.author}` : null}
    </div>
  );
}
