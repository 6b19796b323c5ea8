import { Form, useNavigation } from "react-router";
import { ConfirmButton } from "./confirm-button";

/**
 * A page's own form of one button that asks first (deleting a meeting, revealing
 * its names, a new calendar address): it posts `intent` to the page's action, and
 * the button is held while the page's form is on its way, so a second click
 * cannot send it twice.
 */
export function ConfirmForm({
  intent,
  formClassName,
  ...button
}: {
  intent: string;
  formClassName?: string;
} & Omit<React.ComponentProps<typeof ConfirmButton>, "name" | "value" | "disabled">) {
  const navigation = useNavigation();
  return (
    <Form method="post" className={formClassName}>
      <input type="hidden" name="intent" value={intent} />
      <ConfirmButton {...button} disabled={navigation.state === "submitting"} />
    </Form>
  );
}
