import { ALERT } from "./styles";

/** A form's refusal in words, announced to screen readers; nothing when there is none. */
export function FormAlert({ message }: { message: string | null | undefined }) {
  if (!message) return null;
  return (
    <p role="alert" className={ALERT}>
      {message}
    </p>
  );
}
