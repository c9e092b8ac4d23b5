/** The edit and delete buttons at the end of a list row, each named after its record. */
import { Button } from "../ui/Button.tsx";

export interface RowActionsProps {
  editLabel: string;
  editName: string;
  deleteLabel: string;
  deleteName: string;
  onEdit: () => void;
  onDelete: () => void;
}

export function RowActions(props: RowActionsProps) {
  return (
    <div class="flex justify-end gap-1">
      <Button variant="ghost" size="sm" onClick={props.onEdit} aria-label={props.editName}>
        {props.editLabel}
      </Button>
      <Button
        variant="ghost"
        size="sm"
        class="text-red-700 hover:text-red-800 dark:text-red-400"
        onClick={props.onDelete}
        aria-label={props.deleteName}
      >
        {props.deleteLabel}
      </Button>
    </div>
  );
}
