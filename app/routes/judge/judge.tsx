import { useState } from "react";
import { data } from "react-router";
import type { Route } from "./+types/judge";
import { JudgeEntry } from "~/components/judging/judge-entry";
import { JudgeViewer } from "~/components/judging/judge-viewer";
import "~/components/judging/judging.css";
import { TitledPage } from "~/components/page-title";
import type { JudgedEntryJson } from "~/lib/judging";
import type { RouteHandle } from "~/lib/route-handle";
import { ScoreSchema } from "~/lib/judging";
import { page } from "~/server/pages.server";
import { judgingView, saveScore } from "~/services/competitions/judging.server";
import { countJudgeRequest } from "~/services/competitions/judges.server";
import { InvalidError } from "~/services/errors.server";

export { RouteErrorBoundary as ErrorBoundary } from "~/components/route-error-boundary";

// /judge/{token}: an outside judge's private page (no account). Never indexed, never cached.
const PRIVATE_HEADERS = { "X-Robots-Tag": "noindex, nofollow", "Cache-Control": "private, no-store" };

export const headers = () => PRIVATE_HEADERS;

export const meta = () => [{ name: "robots", content: "noindex, nofollow" }];

// The judge is no member: the page shows the club's name, without its menu or a way to log in.
export const handle: RouteHandle = { guest: true };

export const loader = page(async ({ params, context }: Route.LoaderArgs) => {
  await countJudgeRequest(context.clientAddress);
  return data(await judgingView(params.token), { headers: PRIVATE_HEADERS });
});

/** Without JavaScript each entry's form posts here; the page shows again with the score saved. */
export const action = page(async ({ request, params, context }: Route.ActionArgs) => {
  await countJudgeRequest(context.clientAddress);
  const form = await request.formData();
  const photoId = Number(form.get("photoId"));
  const parsed = ScoreSchema.safeParse({ score: form.get("score"), critique: form.get("critique") ?? "" });
  if (!parsed.success || !Number.isSafeInteger(photoId))
    throw InvalidError.field("score", parsed.error?.issues[0]?.message ?? "Score must be a whole number.");
  await saveScore(params.token, photoId, parsed.data);
  return data({ saved: photoId }, { headers: PRIVATE_HEADERS });
});

export default function JudgePage({ loaderData, params }: Route.ComponentProps) {
  const { judge, competition, categories, scored, total } = loaderData;
  const [viewing, setViewing] = useState<JudgedEntryJson | null>(null);
  const entries = categories.flatMap((category) => category.entries);
  return (
    <TitledPage title={`Judging ${competition.title}`} width="wide">
      <div className="judge-intro">
        <p>
          Welcome, {judge.name}. Score each entry from 1 to {competition.scoreMax} and write your critique; each is
          saved with its Save button.
        </p>
        <p role="status">
          {scored} of {total} entries scored
        </p>
        <a className="button" href={`/api/judge/${params.token}/originals.zip`} download>
          Download the originals
        </a>
      </div>
      {categories.map((category) => (
        <section key={category.id} className="judge-category" aria-labelledby={`category-${category.id}`}>
          <h2 id={`category-${category.id}`}>
            {category.name} ({category.entries.length} {category.entries.length === 1 ? "entry" : "entries"})
          </h2>
          <ol className="judge-entries">
            {category.entries.map((entry) => (
              <JudgeEntry
                key={entry.photoId}
                token={params.token}
                entry={entry}
                scoreMax={competition.scoreMax}
                onView={setViewing}
              />
            ))}
          </ol>
        </section>
      ))}
      {viewing ? (
        <JudgeViewer entries={entries} current={viewing} onMove={setViewing} onClose={() => setViewing(null)} />
      ) : null}
    </TitledPage>
  );
}
