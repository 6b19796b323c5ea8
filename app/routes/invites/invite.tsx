import { Placeholder } from "~/components/placeholder";

export default function InvitePage() {
  return <Placeholder title="You're Invited">Invitations arrive with the members issue.</Placeholder>;
}
