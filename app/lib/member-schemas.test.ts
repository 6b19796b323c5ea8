import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";
import {
  LoginSchema,
  NewMemberSchema,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  PASSWORD_RULE_MESSAGE,
  PasswordSchema,
} from "./account-schemas";
import { ForgotPasswordSchema, ProfilePatchSchema, ProfileSchema, ResetPasswordSchema } from "./member-schemas";

const profile = {
  firstName: "Vivian",
  lastName: "Maier",
  username: "vivian",
  email: "vivian@example.com",
  license: "ccby",
};

describe("ProfileSchema", () => {
  it("reads blank optional fields as null and keeps the password when none is typed", () => {
    const parsed = ProfileSchema.parse({
      ...profile,
      phone: "  ",
      bio: "",
      website: null,
      password: "",
      confirmPassword: "",
    });
    expect(parsed).toMatchObject({ phone: null, bio: null, website: null, acquireLicensePage: null, isPublic: false });
    expect(parsed.password).toBeUndefined();
  });

  it("reads a bare domain as an https address and refuses other schemes", () => {
    expect(ProfileSchema.parse({ ...profile, website: "example.com/me" }).website).toBe("https://example.com/me");
    const refused = ProfileSchema.safeParse({ ...profile, website: "javascript:alert(1)" });
    expect(refused.success).toBe(false);
    expect(refused.error?.issues[0]).toMatchObject({
      path: ["website"],
      message: "Website must be a web address (https://...).",
    });
  });

  it("puts a password mismatch under confirmPassword and applies the password rule", () => {
    const mismatch = ProfileSchema.safeParse({ ...profile, password: "darkroom42", confirmPassword: "darkroom43" });
    expect(mismatch.error?.issues).toEqual([
      expect.objectContaining({ path: ["confirmPassword"], message: "Passwords do not match." }),
    ]);
    const weak = ProfileSchema.safeParse({ ...profile, password: "short", confirmPassword: "short" });
    expect(weak.error?.issues).toEqual([
      expect.objectContaining({
        path: ["password"],
        message: "Minimum eight characters, at least one letter and one number.",
      }),
    ]);
    const onlyConfirm = ProfileSchema.safeParse({ ...profile, confirmPassword: "darkroom42" });
    expect(onlyConfirm.error?.issues[0]?.path).toEqual(["confirmPassword"]);
  });

  it("refuses a licence outside the seven", () => {
    expect(ProfileSchema.safeParse({ ...profile, license: "gpl" }).success).toBe(false);
  });

  it("accepts 'Joined on' as a date or an ISO date-time", () => {
    expect(ProfileSchema.parse({ ...profile, createdAt: "2021-03-04" }).createdAt).toBe("2021-03-04");
    expect(ProfileSchema.parse({ ...profile, createdAt: "2021-03-04T05:06:07.123Z" }).createdAt).toBe(
      "2021-03-04T05:06:07.123Z",
    );
    expect(ProfileSchema.safeParse({ ...profile, createdAt: "last spring" }).success).toBe(false);
  });

  it("works on form data the way Conform sends it (checkboxes 'on' or missing, blanks)", () => {
    const form = new FormData();
    for (const [name, value] of Object.entries({
      ...profile,
      phone: "",
      bio: "Street.\nMostly.",
      isPublic: "on",
      password: "",
      confirmPassword: "",
    })) {
      form.append(name, value);
    }
    const submission = parseWithZod(form, { schema: ProfileSchema });
    expect(submission.status).toBe("success");
    if (submission.status !== "success") return;
    expect(submission.value).toMatchObject({ isPublic: true, phone: null, bio: "Street.\nMostly." });
    expect(submission.value.isAdmin).toBeUndefined();
    expect(submission.value.password).toBeUndefined();

    form.delete("isPublic");
    const unchecked = parseWithZod(form, { schema: ProfileSchema });
    expect(unchecked.status === "success" && unchecked.value.isPublic).toBe(false);
  });
});

describe("ProfilePatchSchema", () => {
  it("keeps what a partial body leaves out, with the form's rules for what it sends", () => {
    expect(ProfilePatchSchema.parse({ lastName: " Arbus " })).toEqual({ lastName: "Arbus" });
    expect(ProfilePatchSchema.parse({ bio: "", website: "example.com", isPublic: false })).toEqual({
      bio: null,
      website: "https://example.com",
      isPublic: false,
    });
    const mismatch = ProfilePatchSchema.safeParse({ password: "darkroom42", confirmPassword: "darkroom43" });
    expect(mismatch.error?.issues.map((issue) => issue.path)).toEqual([["confirmPassword"]]);
    expect(ProfilePatchSchema.safeParse([1, 2]).success).toBe(false);
  });
});

describe("bounded fields", () => {
  it("refuses text past each field's limit", () => {
    const long = (n: number) => "a".repeat(n);
    const tooLong = [
      ProfileSchema.safeParse({ ...profile, firstName: long(101) }),
      ProfileSchema.safeParse({ ...profile, bio: long(2001) }),
      ProfileSchema.safeParse({ ...profile, phone: long(41) }),
      ProfileSchema.safeParse({ ...profile, website: `https://example.com/${long(500)}` }),
      ProfileSchema.safeParse({ ...profile, email: `${long(250)}@example.com` }),
      ProfileSchema.safeParse({ ...profile, createdAt: long(100) }),
      ProfileSchema.safeParse({ ...profile, confirmPassword: long(201) }),
      LoginSchema.safeParse({ email: long(255), password: "x" }),
      LoginSchema.safeParse({ email: "vivian", password: long(201) }),
      NewMemberSchema.safeParse({ ...profile, password: "darkroom42", confirmPassword: long(201) }),
    ];
    for (const result of tooLong) expect(result.success).toBe(false);
  });
});

describe("ForgotPasswordSchema and ResetPasswordSchema", () => {
  it("say only 'Email not found.' and the password rule", () => {
    expect(ForgotPasswordSchema.safeParse({ email: "" }).error?.issues[0]?.message).toBe("Email not found.");
    expect(ForgotPasswordSchema.safeParse({}).error?.issues[0]?.message).toBe("Email not found.");
    for (const password of [undefined, "", "abcdefgh", "12345678", "a1", "x".repeat(300) + "1"]) {
      const issues = ResetPasswordSchema.safeParse({ password }).error?.issues ?? [];
      expect(issues.length).toBeGreaterThan(0);
      expect(
        issues.every((issue) => issue.message === "Minimum eight characters, at least one letter and one number."),
      ).toBe(true);
    }
    expect(ResetPasswordSchema.safeParse({ password: "darkroom42" }).success).toBe(true);
  });
});

describe("the password rule said under the fields", () => {
  it("is the contract's words, its number the one the schema checks", () => {
    expect(PASSWORD_RULE_MESSAGE).toBe("Minimum eight characters, at least one letter and one number.");
    const shortest = "a1".padEnd(PASSWORD_MIN_LENGTH, "x");
    expect(PasswordSchema.safeParse(shortest).success).toBe(true);
    const short = PasswordSchema.safeParse(shortest.slice(1));
    expect(short.error?.issues.map((issue) => issue.message)).toEqual([PASSWORD_RULE_MESSAGE]);
    expect(PasswordSchema.safeParse("a1".padEnd(PASSWORD_MAX_LENGTH + 1, "x")).success).toBe(false);
  });
});

describe("names and usernames", () => {
  const refusals = (input: Record<string, string>) =>
    (ProfileSchema.safeParse({ ...profile, ...input }).error?.issues ?? []).map((issue) => issue.message);

  it("refuse bidirectional controls and invisible characters, in every name field", () => {
    for (const hidden of [
      "\u202E",
      "\u2066",
      "\u200F",
      "\u061C",
      "\u200B",
      "\u2060",
      "\uFEFF",
      "\u00AD",
      "\u3164",
      "\u{E0041}",
      "\u0007",
    ]) {
      expect([hidden, refusals({ firstName: `Ann${hidden}nimda` })]).toEqual([
        hidden,
        ["First name must not contain invisible or direction-changing characters."],
      ]);
      expect(refusals({ lastName: `Mai${hidden}er` })).toEqual([
        "Last name must not contain invisible or direction-changing characters.",
      ]);
      expect(refusals({ username: `viv${hidden}ian` })).toEqual([
        "Username may use letters, numbers, dots, dashes and underscores.",
      ]);
      const signUp = NewMemberSchema.safeParse({ firstName: `A${hidden}n`, lastName: "B" });
      expect(signUp.error?.issues.find((issue) => issue.path[0] === "firstName")?.message).toBe(
        "First name must not contain invisible or direction-changing characters.",
      );
    }
  });

  it("keep names in every script, with the joiners some need", () => {
    for (const firstName of ["Zoë", "Søren", "محمد", "שרה", "김민준", "मनोज", "می\u200Cخواهم", "👩\u200D🎨 Ada"]) {
      expect([firstName, refusals({ firstName })]).toEqual([firstName, []]);
    }
  });
});
