import { useNavigation } from "react-router";

/** A form's main button, held while the page's form is on its way so a second click cannot send it twice. */
export function SubmitButton({ children, disabled = false }: { children: React.ReactNode; disabled?: boolean }) {
  const navigation = useNavigation();
  return (
    <button type="submit" className="button primary" disabled={disabled || navigation.state === "submitting"}>
      {children}
    </button>
  );
}
