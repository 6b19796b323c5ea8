import { Placeholder } from "~/components/placeholder";

export default function MembersPage() {
  return <Placeholder title="Members">The members directory arrives with the members issue.</Placeholder>;
}
