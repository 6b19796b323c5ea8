// The club's periodic work, run by every server process: each job is safe to
// run in several processes at once (its service claims what it does in the
// database), runs once at start, then on its interval, never overlapping
// itself, and a failure is logged and tried again at the next turn.
import { env } from "~/env.server";
import { sendDueMeetingReminders } from "~/services/meetings/reminders.server";
import { passwordResetMailsSettled } from "~/services/members/passwords.server";
import {
  COMMENT_MAIL_CHECK_SECONDS,
  commentNotificationsSettled,
  sendDueCommentNotifications,
} from "~/services/ratings/comment-notifications.server";
import { sweepAbandonedUploads } from "~/services/uploads/assets.server";

type Job = { name: string; everySeconds: number; run: () => Promise<unknown> };

function clubJobs(): Job[] {
  const jobs: Job[] = [
    { name: "Sweeping abandoned uploads", everySeconds: 60 * 60, run: sweepAbandonedUploads },
    // Comments made inside a photo's 15-minute window are mailed together when it ends.
    { name: "Sending comment e-mails", everySeconds: COMMENT_MAIL_CHECK_SECONDS, run: sendDueCommentNotifications },
  ];
  if (env().MEETING_REMINDER_HOURS > 0) {
    jobs.push({ name: "Sending meeting reminders", everySeconds: 5 * 60, run: () => sendDueMeetingReminders() });
  }
  return jobs;
}

const timers: NodeJS.Timeout[] = [];
const running = new Set<Promise<unknown>>();

export function startJobs() {
  for (const job of clubJobs()) {
    let busy = false;
    const turn = () => {
      if (busy) return;
      busy = true;
      const work = job
        .run()
        .catch((error) => console.error(`${job.name} failed:`, error))
        .finally(() => {
          busy = false;
          running.delete(work);
        });
      running.add(work);
    };
    turn();
    const timer = setInterval(turn, job.everySeconds * 1000);
    timer.unref();
    timers.push(timer);
  }
}

/** Stops the timers and waits for the turns under way (before the database closes). */
export async function stopJobs() {
  for (const timer of timers.splice(0)) clearInterval(timer);
  await Promise.allSettled([...running]);
  await commentNotificationsSettled();
  await passwordResetMailsSettled();
}
