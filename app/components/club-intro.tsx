import "./club-intro.css";

/** The line under the club's name on the home page: what the club is, for a visitor who has never heard of it. */
export const CLUB_INTRO_TEXT =
  "A photography club: members share their photographs and meet to talk about them. A few they have featured:";

/**
 * The home page's heading (the contract: the home page is a grid of photos): the
 * club's name, and a line saying what the club is, above the photos, so a
 * first visit says whose site this is before showing anything else.
 */
export function ClubIntro({ name }: { name: string }) {
  return (
    <header className="club-intro">
      <h1>{name}</h1>
      <p>{CLUB_INTRO_TEXT}</p>
    </header>
  );
}
