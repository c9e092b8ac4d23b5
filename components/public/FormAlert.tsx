/** A form-level message (wrong password, expired subscription…), announced when it appears. */
import { AlertIcon } from "../icons.tsx";

export function FormAlert({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <div
      role="alert"
      class="flex items-start gap-2.5 rounded-lg border border-red-200 bg-red-50 px-3 py-2.5 text-sm text-red-800 dark:border-red-900/70 dark:bg-red-950/40 dark:text-red-200"
    >
      <AlertIcon size={18} class="mt-px shrink-0" />
      <p>{message}</p>
    </div>
  );
}
