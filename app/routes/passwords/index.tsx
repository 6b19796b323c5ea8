import { redirect } from "react-router";
import { page } from "~/server/pages.server";

export const loader = page(async () => redirect("/passwords/forgot"));
