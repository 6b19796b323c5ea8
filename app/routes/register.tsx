import { data } from "react-router";
import type { Route } from "./+types/register";
import { Placeholder } from "~/components/placeholder";
import { env } from "~/env.server";
import { requireVisitor } from "~/services/guards.server";

// Open self-registration exists only when FEATURE_REGISTRATION is exactly 'true'.
export async function loader({ request }: Route.LoaderArgs) {
  if (!env().registrationEnabled) throw data("Not Found", { status: 404, statusText: "Not Found" });
  await requireVisitor(request);
  return null;
}

export default function RegisterPage() {
  return <Placeholder title="Register">Registration arrives with the members issue.</Placeholder>;
}
