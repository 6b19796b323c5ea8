// Follow the host: in a meeting, whoever may lead (an admin,
// or the member an admin handed it to) can 'Lead the review'; the others can
// 'Follow'. A follower who moved on their own is offered 'Catch up'. Admins see
// 'Take over' while someone else leads, and can hand the lead to a member
// present. The server decides who may do what; these buttons only ask.
import { useId, useState } from "react";
import type { ReviewLead } from "~/realtime/browser/use-review-lead";

export function ReviewControls({ lead, strayed, selfId }: { lead: ReviewLead; strayed: boolean; selfId: number }) {
  const selectId = useId();
  // The lead goes to someone else present: never to its leader, nor to oneself (alone, there is no one to offer).
  const others = lead.members.filter((member) => member.id !== lead.leader?.id && member.id !== selfId);
  const [handTo, setHandTo] = useState<string>("");
  const chosen = others.find((member) => String(member.id) === handTo) ?? others[0];
  if (lead.status === "off") return null;

  return (
    <div className="viewer-review" role="group" aria-label="Review together">
      {lead.amLeader ? (
        <>
          <span className="viewer-review-state">You lead the review</span>
          <button type="button" className="button small" onClick={lead.stopLeading}>
            Stop leading
          </button>
        </>
      ) : lead.leader ? (
        <>
          <span className="viewer-review-state">
            {lead.leader.firstName} leads{lead.following ? " · following" : ""}
          </span>
          {lead.following ? (
            <button type="button" className="button small" onClick={lead.unfollow}>
              Stop following
            </button>
          ) : (
            <button type="button" className="button small primary" onClick={lead.follow}>
              {strayed ? "Catch up" : "Follow"}
            </button>
          )}
          {lead.canLead ? (
            <button type="button" className="button small" onClick={lead.lead}>
              Take over
            </button>
          ) : null}
        </>
      ) : lead.canLead ? (
        <button type="button" className="button small primary" onClick={lead.lead}>
          Lead the review
        </button>
      ) : (
        <span className="viewer-review-state muted">No one leads the review yet</span>
      )}
      {(lead.amLeader || lead.canLead) && others.length ? (
        <span className="viewer-hand-over">
          <label htmlFor={selectId} className="visually-hidden">
            Hand the lead to
          </label>
          <select id={selectId} value={chosen ? String(chosen.id) : ""} onChange={(e) => setHandTo(e.target.value)}>
            {others.map((member) => (
              <option key={member.id} value={member.id}>
                {member.firstName}
              </option>
            ))}
          </select>
          <button type="button" className="button small" onClick={() => chosen && lead.handTo(chosen.id)}>
            Hand the lead
          </button>
        </span>
      ) : null}
    </div>
  );
}
