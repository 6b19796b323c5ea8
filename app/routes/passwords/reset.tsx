import { Placeholder } from "~/components/placeholder";

export default function ResetPasswordPage() {
  return <Placeholder title="Reset Password">Password reset arrives with the members issue.</Placeholder>;
}
