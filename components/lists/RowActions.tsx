/**
 * The edit and delete buttons at the end of a list row: icons with a tooltip and an
 * accessible name that says which record they act on, small enough for phones.
 */
import { PencilIcon, TrashIcon } from "../icons.tsx";
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
        <PencilIcon size={16} />
      </Button>
      <Button
        variant="ghost"
        size="sm"
        class="w-8 px-0 text-red-700 hover:text-red-800 dark:text-red-400 dark:hover:text-red-300"
        onClick={onDelete}
        aria-label={deleteName}
        title={deleteName}
      >
        <TrashIcon size={16} />
      </Button>
    </div>
  );
}
