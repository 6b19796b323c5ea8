import { describe, expect, it } from "vitest";
import { profileFormWords } from "./profile-form";

describe("profileFormWords", () => {
  const vivian = { firstName: "Vivian", lastName: "Maier" };

  it("a member's own form keeps its words about 'my profile'", () => {
    const words = profileFormWords(vivian, true);
    expect(words.showProfile).toBe("Show my profile to visitors");
    expect(words.passwordHint).toBe("Leave blank to keep your current password.");
  });

  it("an admin editing someone else reads about that member, never 'my' or 'your'", () => {
    const words = profileFormWords(vivian, false);
    expect(words.showProfile).toBe("Show Vivian Maier's profile to visitors");
    for (const text of Object.values(words)) expect(text).not.toMatch(/\b(my|me|your|you)\b/i);
  });
});
