// The comment screens' words, letter for letter as docs/texts-and-limits.md has them.

/** What the 'Error' modal says before the server's own message when a comment cannot be saved or deleted. */
export const COMMENT_ERROR_TEXT =
  "An unexpected error has occurred, please try again shortly. If it continues to occur, please report details of the action you were trying to perform and this message:";

const EXCERPT_LENGTH = 80;

/** The comment's start on one line, for the question that names it. */
export function commentExcerpt(body: string): string {
  const line = body.replace(/\s+/g, " ").trim();
  return line.length > EXCERPT_LENGTH ? `${line.slice(0, EXCERPT_LENGTH - 1).trimEnd()}…` : line;
}

/** The question before a comment is deleted, naming the comment. */
export function deleteQuestion(body: string): string {
  return `Are you sure you wish to delete the comment "${commentExcerpt(body)}"? This cannot be undone.`;
}
