// The winners gallery's pieces: a competition's awarded photos, per category, each with its award.
import { Link } from "react-router";
import { LocalTime } from "~/components/local-time";
import { AWARD_LABELS } from "~/lib/awards";
import { imageSrcSet } from "~/lib/photo-images";
import { photoLabel } from "~/lib/photo-label";
import { authorName } from "~/lib/results";
import type { WinnerJson, WinnersCompetitionJson } from "~/lib/season";

function WinnerCard({ winner }: { winner: WinnerJson }) {
  const label = photoLabel({ caption: winner.Photo.caption, User: winner.User });
  const ratio =
    winner.Photo.width && winner.Photo.height ? `${winner.Photo.width} / ${winner.Photo.height}` : undefined;
  return (
    <li className="winner-card">
      <div className="winner-image" style={{ aspectRatio: ratio }}>
        {winner.Photo.thumbUrl ? (
          <img
            src={winner.Photo.thumbUrl}
            srcSet={imageSrcSet(winner.Photo.thumbUrl, "thumb", winner.Photo.width)}
            sizes="(max-width: 559px) 92vw, 20rem"
            alt={label}
            loading="lazy"
            width={winner.Photo.width ?? undefined}
            height={winner.Photo.height ?? undefined}
          />
        ) : null}
      </div>
      <p className="winner-award" data-award={winner.award}>
        {AWARD_LABELS[winner.award]}
      </p>
      <p className="winner-title">{label}</p>
      <p>
        <Link to={`/members/${encodeURIComponent(winner.User.username)}`}>{authorName(winner.User)}</Link>
      </p>
    </li>
  );
}

/** One competition: its title and night, then each category's awarded photos, best award first. */
export function WinnersCompetition({ competition }: { competition: WinnersCompetitionJson }) {
  const headingId = `competition-${competition.id}`;
  return (
    <section aria-labelledby={headingId} className="winners-competition">
      <h2 id={headingId}>
        {competition.title} <LocalTime iso={competition.startsAt} dateOnly />
      </h2>
      {competition.categories.map((category) => (
        <section key={category.name} aria-label={`${competition.title}: ${category.name}`}>
          <h3>{category.name}</h3>
          <ul className="winner-cards">
            {category.winners.map((winner) => (
              <WinnerCard key={winner.Photo.id} winner={winner} />
            ))}
          </ul>
        </section>
      ))}
    </section>
  );
}
