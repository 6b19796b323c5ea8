import { describe, expect, it } from "vitest";
import { CommentEditSchema, CommentFeedQuerySchema, NewCommentSchema, RateSchema } from "./comment-schemas";

const errorsOf = (result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  result.error?.issues.map((issue) => [issue.path.join("."), issue.message]) ?? [];

describe("RateSchema", () => {
  it("takes a whole number from 0 (clear) to 5, from JSON or a form", () => {
    for (const value of [0, 1, 5]) expect(RateSchema.parse({ value })).toEqual({ value });
    expect(RateSchema.parse({ value: "3" })).toEqual({ value: 3 });
  });

  it("refuses anything else, naming the value", () => {
    for (const value of [6, -1, 2.5, "2.5", "abc", "", null, true, [3], undefined]) {
      const result = RateSchema.safeParse({ value });
      expect(result.success, JSON.stringify(value)).toBe(false);
      expect(errorsOf(result)[0]![0]).toBe("value");
    }
  });
});

describe("NewCommentSchema", () => {
  it("trims the body and reads PhotoId", () => {
    expect(NewCommentSchema.parse({ PhotoId: 12, body: "  Lovely light.\n" })).toEqual({
      PhotoId: 12,
      body: "Lovely light.",
    });
    expect(NewCommentSchema.parse({ PhotoId: "12", body: "x" }).PhotoId).toBe(12);
  });

  it("keeps HTML as the text it is", () => {
    const body = "<script>alert(1)</script><b>bold</b>";
    expect(NewCommentSchema.parse({ PhotoId: 1, body }).body).toBe(body);
  });

  it("refuses an empty, blank, too long or non-text body", () => {
    expect(errorsOf(NewCommentSchema.safeParse({ PhotoId: 1, body: "   " }))).toEqual([
      ["body", "Body must not be empty."],
    ]);
    expect(errorsOf(NewCommentSchema.safeParse({ PhotoId: 1, body: "x".repeat(5001) }))).toEqual([
      ["body", "Body must be at most 5000 characters."],
    ]);
    expect(NewCommentSchema.safeParse({ PhotoId: 1, body: ` ${"x".repeat(5000)} ` }).success).toBe(true);
    expect(errorsOf(NewCommentSchema.safeParse({ PhotoId: 1, body: 42 }))).toEqual([["body", "Body must be text."]]);
    expect(errorsOf(NewCommentSchema.safeParse({ PhotoId: 1 }))).toEqual([["body", "Body must be text."]]);
  });

  it("refuses a PhotoId that cannot name a photo", () => {
    for (const PhotoId of [0, -3, 1.5, 2 ** 31, "abc", null, undefined]) {
      const result = NewCommentSchema.safeParse({ PhotoId, body: "x" });
      expect(result.success, JSON.stringify(PhotoId)).toBe(false);
      expect(errorsOf(result).map(([path]) => path)).toEqual(["PhotoId"]);
    }
  });
});

describe("CommentEditSchema", () => {
  it("has the same body rule", () => {
    expect(CommentEditSchema.parse({ body: " Edited " })).toEqual({ body: "Edited" });
    expect(CommentEditSchema.safeParse({ body: "" }).success).toBe(false);
  });
});

describe("CommentFeedQuerySchema", () => {
  it("reads the page, 1 when absent", () => {
    expect(CommentFeedQuerySchema.parse({})).toEqual({ page: 1 });
    expect(CommentFeedQuerySchema.parse({ page: "4" })).toEqual({ page: 4 });
    expect(CommentFeedQuerySchema.safeParse({ page: "0" }).success).toBe(false);
    expect(CommentFeedQuerySchema.safeParse({ page: "x" }).success).toBe(false);
  });
});
