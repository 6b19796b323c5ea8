import { describe, expect, it } from "vitest";
import {
  anonymousOrder,
  meetingPhotoOrder,
  meetingSortCookie,
  meetingSortFrom,
  meetingSortFromCookie,
  orderAuthorGroups,
  photoNeighbours,
} from "./meeting-order";

const author = (id: number, firstName: string, lastName: string) => ({ author: { id, firstName, lastName } });
const club = [
  author(4, "Vivian", "Maier"),
  author(9, "Garry", "Winogrand"),
  author(2, "Helen", "Levitt"),
  author(7, "Saul", "Leiter"),
  author(5, "Ansel", "Adams"),
  author(11, "Dorothea", "Lange"),
  author(3, "Robert", "Frank"),
  author(8, "Diane", "Arbus"),
];
const ids = (groups: { author: { id: number } }[]) => groups.map((group) => group.author.id);

describe("the meeting's author order", () => {
  it("is alphabetical by last name, then first name", () => {
    expect(ids(orderAuthorGroups(club, "alphabetical", 1))).toEqual([5, 8, 3, 11, 7, 2, 4, 9]);
  });

  it("is random but the same for everyone: it depends on the meeting, not on the order the rows came in", () => {
    const order = ids(orderAuthorGroups(club, "random", 42));
    expect(ids(orderAuthorGroups([...club].reverse(), "random", 42))).toEqual(order);
    expect(
      ids(
        orderAuthorGroups(
          [...club].sort((a, b) => a.author.id - b.author.id),
          "random",
          42,
        ),
      ),
    ).toEqual(order);
    expect([...order].sort((a, b) => a - b)).toEqual([2, 3, 4, 5, 7, 8, 9, 11]);
  });

  it("is another random order for another meeting", () => {
    const orders = new Set(
      [1, 2, 3, 42, 43].map((meetingId) => ids(orderAuthorGroups(club, "random", meetingId)).join()),
    );
    expect(orders.size).toBe(5);
    expect(ids(orderAuthorGroups(club, "random", 42))).not.toEqual(ids(orderAuthorGroups(club, "alphabetical", 42)));
  });

  it("keeps an author's place relative to the others when someone new submits", () => {
    const before = ids(orderAuthorGroups(club, "random", 7));
    const after = ids(orderAuthorGroups([...club, author(20, "Joel", "Meyerowitz")], "random", 7));
    expect(after.filter((id) => id !== 20)).toEqual(before);
  });

  it("does not change the list it is given", () => {
    const copy = [...club];
    orderAuthorGroups(club, "random", 3);
    expect(club).toEqual(copy);
  });
});

describe("the sort cookie", () => {
  it("defaults to Random for anything unknown", () => {
    expect(meetingSortFrom("alphabetical")).toBe("alphabetical");
    expect(meetingSortFrom("random")).toBe("random");
    expect(meetingSortFrom("meeting")).toBe("random");
    expect(meetingSortFrom(undefined)).toBe("random");
  });

  it("is read from a Cookie header and written for the meetings' pages", () => {
    expect(meetingSortFromCookie("a=1; sort=alphabetical; b=2")).toBe("alphabetical");
    expect(meetingSortFromCookie("mysort=alphabetical")).toBe("random");
    expect(meetingSortFromCookie(null)).toBe("random");
    expect(meetingSortCookie("alphabetical")).toMatch(/^sort=alphabetical; Path=\/meetings;/);
  });
});

describe("previous and next follow the meeting's order", () => {
  const groups = [
    {
      submissions: [
        { position: 2, photoId: 12 },
        { position: 1, photoId: 11 },
      ],
    },
    { submissions: [{ position: 1, photoId: 21 }] },
  ];

  it("walks author by author, each by position", () => {
    const order = meetingPhotoOrder(groups);
    expect(order).toEqual([11, 12, 21]);
    expect(photoNeighbours(order, 11)).toEqual({ previousId: null, nextId: 12 });
    expect(photoNeighbours(order, 12)).toEqual({ previousId: 11, nextId: 21 });
    expect(photoNeighbours(order, 21)).toEqual({ previousId: 12, nextId: null });
    expect(photoNeighbours(order, 99)).toEqual({ previousId: null, nextId: null });
  });
});

describe("an anonymous meeting's order (before the reveal)", () => {
  const submissions = [31, 32, 33, 34, 35, 36, 37, 38].map((id) => ({ id, userId: id % 3 }));
  const ids = (list: { id: number }[]) => list.map((s) => s.id);

  it("is seeded by the meeting: the same for any order the rows come in, another for another meeting", () => {
    const order = ids(anonymousOrder(submissions, 12));
    expect([...order].sort()).toEqual(ids(submissions));
    expect(ids(anonymousOrder([...submissions].reverse(), 12))).toEqual(order);
    const others = [13, 14, 15].map((meeting) => ids(anonymousOrder(submissions, meeting)).join());
    expect(others.some((other) => other !== order.join())).toBe(true);
  });

  it("reads only the submissions themselves, never who made them", () => {
    const sameIdsOtherAuthors = submissions.map((s) => ({ ...s, userId: 99 - s.userId }));
    expect(ids(anonymousOrder(sameIdsOtherAuthors, 12))).toEqual(ids(anonymousOrder(submissions, 12)));
    // Not the order they were submitted in, which would group an author's photos.
    expect(ids(anonymousOrder(submissions, 12))).not.toEqual(ids(submissions));
  });
});
