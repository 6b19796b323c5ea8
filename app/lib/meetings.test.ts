import { describe, expect, it } from "vitest";
import {
  allowanceMessage,
  isUpcoming,
  meetingTitle,
  meetingTopicDetails,
  meetingYears,
  nextOf,
  remainingUploads,
  roomLeftMessage,
  upcomingSince,
} from "./meetings";

const now = new Date("2026-05-01T19:00:00.000Z");
const minus = (ms: number) => new Date(now.getTime() - ms);
const TWO_HOURS = 2 * 60 * 60 * 1000;

describe("the two-hour rule", () => {
  it("keeps a meeting upcoming until exactly two hours after its start, and past one millisecond later", () => {
    expect(upcomingSince(now).toISOString()).toBe("2026-05-01T17:00:00.000Z");
    expect(isUpcoming(minus(TWO_HOURS), now)).toBe(true);
    expect(isUpcoming(minus(TWO_HOURS + 1), now)).toBe(false);
    expect(isUpcoming(minus(TWO_HOURS - 1), now)).toBe(true);
    expect(isUpcoming(new Date(now.getTime() + 1), now)).toBe(true);
    expect(isUpcoming("2026-05-01T16:59:59.999Z", now)).toBe(false);
  });
});

describe("the 'Next' meeting", () => {
  const meetings = [
    { id: 3, startsAt: "2026-05-08T19:00:00.000Z" },
    { id: 1, startsAt: minus(TWO_HOURS + 1).toISOString() }, // past
    { id: 2, startsAt: minus(TWO_HOURS).toISOString() }, // started two hours ago: still upcoming, and the earliest
    { id: 4, startsAt: "2026-05-08T19:00:00.000Z" },
  ];

  it("is the earliest upcoming meeting, on page 1", () => {
    expect(nextOf(meetings, now)?.id).toBe(2);
    expect(nextOf(meetings.slice(0, 1).concat(meetings.slice(3)), now)?.id).toBe(3);
  });

  it("is none on later pages or when nothing is upcoming", () => {
    expect(nextOf(meetings, now, 2)).toBeNull();
    expect(nextOf([meetings[1]!], now)).toBeNull();
  });
});

describe("a meeting's texts", () => {
  it("takes the topic's first line as its title", () => {
    expect(meetingTitle("Night streets\r\nAvailable light only.\nNo flash.")).toBe("Night streets");
    expect(meetingTopicDetails("Night streets\r\nAvailable light only.\nNo flash.")).toBe(
      "Available light only.\nNo flash.",
    );
    expect(meetingTopicDetails("Reflections")).toBe("");
  });

  it("tells the member their allowance in the contract's words", () => {
    expect(allowanceMessage(4, 0)).toBe("You may upload up to 4 more photos for this meeting.");
    expect(allowanceMessage(4, 3)).toBe("You may upload up to 1 more photo for this meeting.");
    expect(allowanceMessage(4, 4)).toBe("You have already uploaded 4 photos for this meeting.");
    expect(allowanceMessage(2, 5)).toBe("You have already uploaded 5 photos for this meeting.");
    // One photo is 'photo' (the code's addition to the contract's texts).
    expect(allowanceMessage(1, 1)).toBe("You have already uploaded 1 photo for this meeting.");
    expect(roomLeftMessage(1)).toBe("You may add 1 more photo to this meeting: choose again.");
    expect(roomLeftMessage(2)).toBe("You may add 2 more photos to this meeting: choose again.");
    expect(roomLeftMessage(0)).toBe("You may not add any more photos to this meeting.");
    expect(remainingUploads(2, 5)).toBe(0);
    expect(remainingUploads(4, 1)).toBe(3);
  });

  it("offers years from the latest meeting's year down to 2021", () => {
    expect(meetingYears(2027, 2026)).toEqual([2027, 2026, 2025, 2024, 2023, 2022, 2021]);
    expect(meetingYears(null, 2023)).toEqual([2023, 2022, 2021]);
    expect(meetingYears(2019, 2026)).toEqual([2021]);
  });
});
