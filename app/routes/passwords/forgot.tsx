import { Placeholder } from "~/components/placeholder";

export default function ForgotPasswordPage() {
  return <Placeholder title="Forgot Password">Password reset arrives with the members issue.</Placeholder>;
}
