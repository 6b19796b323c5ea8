import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";
import { fieldErrorsFromZod } from "./field-errors";
import {
  MeetingListQuerySchema,
  MeetingPatchSchema,
  NewMeetingSchema,
  SubmissionOrderSchema,
  TemplatePatchSchema,
  wholeFormEdit,
} from "./meeting-schemas";

const errorsOf = (result: { success: boolean; error?: unknown }) =>
  result.success ? [] : fieldErrorsFromZod(result.error as never).map((e) => e.path);

const form = (entries: [string, string][]) => {
  const data = new FormData();
  for (const [name, value] of entries) data.append(name, value);
  return data;
};

describe("a new meeting", () => {
  it("takes the API's typed JSON, with the contract's defaults", () => {
    const parsed = NewMeetingSchema.parse({
      startsAt: "2026-03-10T19:00:00-07:00",
      topic: "  Night walk\r\nBring a torch  ",
    });
    expect(parsed).toEqual({
      startsAt: "2026-03-10T19:00:00-07:00",
      topic: "Night walk\nBring a torch",
      maxUploadsCount: 4,
      anonymous: false,
    });
  });

  it("takes the form's strings through Conform: numbers as integers, empty fields left out, ticked members as a list", () => {
    const submission = parseWithZod(
      form([
        ["startsAt", "2026-03-10T19:00"],
        ["topic", "Night walk"],
        ["callLink", ""],
        ["maxUploadsCount", "6"],
        ["frequency", "14"],
        ["allowedUserIds", "3"],
        ["allowedUserIds", "5"],
        ["anonymous", "on"],
      ]),
      { schema: NewMeetingSchema },
    );
    expect(submission.status).toBe("success");
    expect(submission.status === "success" && submission.value).toEqual({
      startsAt: "2026-03-10T19:00",
      topic: "Night walk",
      maxUploadsCount: 6,
      frequency: 14,
      allowedUserIds: [3, 5],
      anonymous: true,
    });
  });

  it("reads anonymous review as true or false: a ticked box, or the API's boolean; nothing else", () => {
    const base = { startsAt: "2026-03-10T19:00", topic: "x" };
    expect(NewMeetingSchema.parse({ ...base, anonymous: true }).anonymous).toBe(true);
    expect(NewMeetingSchema.parse(base).anonymous).toBe(false);
    expect(NewMeetingSchema.safeParse({ ...base, anonymous: "yes" }).success).toBe(false);
    expect(MeetingPatchSchema.parse({ anonymous: false })).toEqual({ anonymous: false });
    expect(TemplatePatchSchema.parse({ anonymous: true })).toEqual({ anonymous: true });
    // A page form whose box is unticked sends nothing: not anonymous.
    expect(wholeFormEdit(MeetingPatchSchema.parse({ topic: "x" })).anonymous).toBe(false);
  });

  it("reads an empty list of members, or null, as everyone", () => {
    const base = { startsAt: "2026-03-10T19:00", topic: "x" };
    expect(NewMeetingSchema.parse({ ...base, allowedUserIds: [] }).allowedUserIds).toBeNull();
    expect(NewMeetingSchema.parse({ ...base, allowedUserIds: null }).allowedUserIds).toBeNull();
    expect(NewMeetingSchema.parse({ ...base, allowedUserIds: [5, 5, 3] }).allowedUserIds).toEqual([5, 3]);
  });

  it.each([
    [{ startsAt: "not a date" }, ["startsAt"]],
    [{ startsAt: "2026-02-30T19:00" }, ["startsAt"]],
    [{ startsAt: 1700000000 }, ["startsAt"]],
    [{ topic: "" }, ["topic"]],
    [{ topic: "   " }, ["topic"]],
    [{ topic: "x".repeat(2001) }, ["topic"]],
    [{ callLink: "javascript:alert(1)" }, ["callLink"]],
    [{ callLink: "ftp://files.example.com" }, ["callLink"]],
    [{ callDetails: "x".repeat(5001) }, ["callDetails"]],
    [{ maxUploadsCount: -1 }, ["maxUploadsCount"]],
    [{ maxUploadsCount: 2.5 }, ["maxUploadsCount"]],
    [{ maxUploadsCount: "4" }, ["maxUploadsCount"]],
    [{ frequency: 3 }, ["frequency"]],
    [{ frequency: 0 }, ["frequency"]],
    [{ allowedUserIds: [1, "two"] }, ["allowedUserIds.1"]],
    [{ allowedUserIds: "everyone" }, ["allowedUserIds"]],
    [{ frequency: 7, meetingTemplateId: 2 }, ["frequency"]],
    [{ repeats: "monthly", meetingTemplateId: 2 }, ["repeats"]],
    [{ repeats: "yearly" }, ["repeats"]],
    [{ repeats: "monthly", frequency: 7 }, ["repeats"]],
  ])("refuses %o, naming the field", (change, paths) => {
    const result = NewMeetingSchema.safeParse({ startsAt: "2026-03-10T19:00", topic: "Night walk", ...change });
    expect(errorsOf(result)).toEqual(paths);
  });
});

describe("changing a meeting or a recurring meeting", () => {
  it("leaves out what the API does not send, and clears what it sends empty", () => {
    expect(MeetingPatchSchema.parse({})).toEqual({});
    expect(MeetingPatchSchema.parse({ callLink: "", callDetails: null, maxUploadsCount: 0 })).toEqual({
      callLink: null,
      callDetails: null,
      maxUploadsCount: 0,
    });
    expect(TemplatePatchSchema.parse({ frequency: 7 })).toEqual({ frequency: 7 });
    expect(errorsOf(TemplatePatchSchema.safeParse({ frequency: 30 }))).toEqual(["frequency"]);
    // A monthly rhythm by `repeats`, or both fields when they agree.
    expect(TemplatePatchSchema.parse({ repeats: "monthly-last" })).toEqual({ repeats: "monthly-last" });
    expect(TemplatePatchSchema.parse({ repeats: "biweekly", frequency: 14 })).toEqual({
      repeats: "biweekly",
      frequency: 14,
    });
    expect(errorsOf(TemplatePatchSchema.safeParse({ repeats: "weekly", frequency: 14 }))).toEqual(["repeats"]);
  });

  it("clears the fields a page form left empty", () => {
    expect(wholeFormEdit(MeetingPatchSchema.parse({ topic: "Walk", startsAt: "2026-03-10T19:00" }))).toEqual({
      topic: "Walk",
      startsAt: "2026-03-10T19:00",
      callLink: null,
      callDetails: null,
      allowedUserIds: null,
      anonymous: false,
    });
  });
});

describe("the list and the order", () => {
  it("takes a year or all, and a page", () => {
    expect(MeetingListQuerySchema.parse({})).toEqual({ year: "all", page: 1 });
    expect(MeetingListQuerySchema.parse({ year: "2024", page: "3" })).toEqual({ year: 2024, page: 3 });
    expect(errorsOf(MeetingListQuerySchema.safeParse({ year: "24" }))).toEqual(["year"]);
    expect(errorsOf(MeetingListQuerySchema.safeParse({ page: "0" }))).toEqual(["page"]);
  });

  it("names each photo once in a new order", () => {
    expect(SubmissionOrderSchema.parse({ photoIds: [3, 1, 2] })).toEqual({ photoIds: [3, 1, 2] });
    expect(errorsOf(SubmissionOrderSchema.safeParse({ photoIds: [3, 3] }))).toEqual(["photoIds"]);
    expect(errorsOf(SubmissionOrderSchema.safeParse({ photoIds: [] }))).toEqual(["photoIds"]);
  });
});
