/**
 * The edit and delete buttons at the end of a list row: icons with a tooltip and an
 * accessible name that says which record they act on, small enough for phones.
 */
import { Button } from "../ui/Button.tsx";

export interface RowActionsProps {
  /** e.g. "Editar a tag Vendas": the button's name for screen readers and its tooltip. */
  editName: string;
  deleteName: string;
  onEdit: () => void;
  onDelete: () => void;
}

export function RowActions({ editName, deleteName, onEdit, onDelete }: RowActionsProps) {
  return (
    <div class="flex justify-end gap-0.5">
      <Button
        variant="ghost"
        size="sm"
        class="w-8 px-0"
        onClick={onEdit}
        aria-label={editName}
        title={editName}
      >
        <svg
          viewBox="0 0 24 24"
          class="size-4"
          fill="none"
          stroke="currentColor"
          stroke-width="2"
          stroke-linecap="round"
          stroke-linejoin="round"
          aria-hidden="true"
        >
          <path d="M12 20h9" />
          <path d="M16.5 3.5a2.1 2.1 0 0 1 3 3L7 19l-4 1 1-4Z" />
        </svg>
      </Button>
      <Button
        variant="ghost"
        size="sm"
        class="w-8 px-0 text-red-700 hover:text-red-800 dark:text-red-400 dark:hover:text-red-300"
        onClick={onDelete}
        aria-label={deleteName}
        title={deleteName}
      >
        <svg
          viewBox="0 0 24 24"
          class="size-4"
          fill="none"
          stroke="currentColor"
          stroke-width="2"
          stroke-linecap="round"
          stroke-linejoin="round"
          aria-hidden="true"
        >
          <path d="M3 6h18" />
          <path d="M8 6V4h8v2" />
          <path d="M19 6l-1 14H6L5 6" />
          <path d="M10 11v6M14 11v6" />
        </svg>
      </Button>
    </div>
  );
}
