import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";
import { FeatureOrderFormSchema, FeatureSchema, PhotoEditSchema, PhotoListQuerySchema } from "./photo-schemas";
import { BlobSchema } from "./upload-schemas";

const form = (fields: Record<string, string>) => {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.set(name, value);
  return data;
};

describe("PhotoEditSchema", () => {
  it("reads JSON as a patch: a missing key stays, an empty string or null clears", () => {
    expect(PhotoEditSchema.parse({})).toEqual({});
    expect(PhotoEditSchema.parse({ notes: "Print at A3" })).toEqual({ notes: "Print at A3" });
    expect(PhotoEditSchema.parse({ caption: "", description: null, acquireLicensePage: "" })).toEqual({
      caption: null,
      description: null,
      acquireLicensePage: null,
    });
    expect(PhotoEditSchema.parse({ caption: "  Rain  " })).toEqual({ caption: "Rain" });
  });

  it("refuses texts over their limits and links that are not web addresses", () => {
    const result = PhotoEditSchema.safeParse({
      caption: "c".repeat(501),
      description: "d".repeat(5001),
      notes: "n".repeat(20001),
      acquireLicensePage: "javascript:alert(1)",
      license: "mine",
    });
    expect(result.success).toBe(false);
    expect(result.error!.issues.map((issue) => issue.path.join(".")).sort()).toEqual([
      "acquireLicensePage",
      "caption",
      "description",
      "license",
      "notes",
    ]);
  });

  it("never marks the form's inputs required, so an empty field can be sent to clear it", () => {
    const constraint = getZodConstraint(PhotoEditSchema);
    for (const field of ["caption", "description", "license", "acquireLicensePage"])
      expect(constraint[field]?.required, field).toBe(false);
  });

  it("reads the form with Conform: an input left empty arrives as a missing key", () => {
    const submission = parseWithZod(
      form({ caption: "", description: "Wet", license: "ccby", acquireLicensePage: "" }),
      {
        schema: PhotoEditSchema,
      },
    );
    expect(submission.status).toBe("success");
    expect(submission.status === "success" && submission.value).toEqual({ description: "Wet", license: "ccby" });
  });
});

describe("FeatureSchema", () => {
  it("un-features with null or the empty 'Not featured' choice, from JSON and from the form", () => {
    expect(FeatureSchema.parse({ year: null })).toEqual({ year: null });
    expect(FeatureSchema.parse({ year: "" })).toEqual({ year: null });
    expect(FeatureSchema.parse({ year: 2024, position: 2 })).toEqual({ year: 2024, position: 2 });
    const chosen = parseWithZod(form({ year: "2024" }), { schema: FeatureSchema });
    expect(chosen.status === "success" && chosen.value).toEqual({ year: 2024 });
    const none = parseWithZod(form({ year: "" }), { schema: FeatureSchema });
    expect(none.status === "success" && none.value).toEqual({ year: null });
  });

  it("needs a year: a body without one or with a word is refused", () => {
    expect(FeatureSchema.safeParse({}).success).toBe(false);
    expect(FeatureSchema.safeParse({ year: "nineteen" }).success).toBe(false);
  });
});

describe("FeatureOrderFormSchema", () => {
  it("reads the year view's comma-joined order, each photo once", () => {
    const order = parseWithZod(form({ year: "2024", photoIds: "3,1,2" }), { schema: FeatureOrderFormSchema });
    expect(order.status === "success" && order.value).toEqual({ year: 2024, photoIds: [3, 1, 2] });
    expect(FeatureOrderFormSchema.safeParse({ year: 2024, photoIds: "3,3" }).success).toBe(false);
    expect(FeatureOrderFormSchema.safeParse({ year: 2024, photoIds: "3,99999999999" }).success).toBe(false);
  });
});

describe("PhotoListQuerySchema", () => {
  it("asks a userId of a year, and refuses a userId beyond the database's ids", () => {
    const yearAlone = PhotoListQuerySchema.safeParse({ year: "2024" });
    expect(yearAlone.error?.issues.map((issue) => issue.path.join("."))).toEqual(["userId"]);
    expect(PhotoListQuerySchema.safeParse({ userId: "2147483648" }).success).toBe(false);
    expect(PhotoListQuerySchema.parse({ userId: "2147483647" })).toMatchObject({ userId: 2147483647, page: 1 });
  });
});

describe("BlobSchema", () => {
  it("names errors by the blob's own fields, as the contract's upload calls do", () => {
    const result = BlobSchema.safeParse({ blob: { filename: "", byte_size: -1 } });
    expect(result.error?.issues.map((issue) => issue.path.join("."))).toEqual(["filename", "byte_size"]);
    expect(BlobSchema.safeParse({}).error?.issues.map((issue) => issue.path.join("."))).toEqual(["blob"]);
    expect(BlobSchema.parse({ blob: { filename: " a.jpg ", byte_size: 3 } })).toEqual({
      filename: "a.jpg",
      content_type: "application/octet-stream",
      byte_size: 3,
    });
  });
});
