/**
 * The buttons at the end of a list row: icons with a tooltip and an accessible name that
 * says which record they act on, small enough for phones. Extra actions (e.g. "start a
 * ticket") come first as children, built with `RowActionButton` so they look the same.
 */
import type { ComponentChildren } from "preact";
import { PencilIcon, TrashIcon } from "../icons.tsx";
import { Button } from "../ui/Button.tsx";
import { cx } from "../ui/cx.ts";

export interface RowActionsProps {
  /** e.g. "Editar a tag Vendas": the button's name for screen readers and its tooltip. */
  editName: string;
  deleteName: string;
  onEdit: () => void;
  /** Absent: the row has no delete button (e.g. the viewer may not delete). */
  onDelete?: () => void;
  /** Set when this record cannot be deleted: the button shows disabled, with this tooltip. */
  deleteRefusal?: string;
  children?: ComponentChildren;
}

export function RowActions(
  { editName, deleteName, onEdit, onDelete, deleteRefusal, children }: RowActionsProps,
) {
  return (
    <div class="flex justify-end gap-0.5">
      {children}
      <RowActionButton name={editName} onClick={onEdit}>
        <PencilIcon size={16} />
      </RowActionButton>
      {onDelete && (
        <RowActionButton
          name={deleteName}
          tooltip={deleteRefusal}
          disabled={deleteRefusal !== undefined}
          onClick={onDelete}
          class="text-red-700 hover:text-red-800 dark:text-red-400 dark:hover:text-red-300"
        >
          <TrashIcon size={16} />
        </RowActionButton>
      )}
    </div>
  );
}

interface RowActionButtonProps {
  name: string;
  /** Defaults to the name. */
  tooltip?: string;
  /** A link (navigation) instead of an action. */
  href?: string;
  onClick?: () => void;
  disabled?: boolean;
  class?: string;
  children: ComponentChildren;
}

export function RowActionButton(
  { name, tooltip, href, onClick, disabled, class: extra, children }: RowActionButtonProps,
) {
  const shared = {
    variant: "ghost" as const,
    size: "sm" as const,
    class: cx("w-8 px-0", extra),
    "aria-label": name,
    title: tooltip ?? name,
  };
  return href === undefined
    ? <Button {...shared} onClick={onClick} disabled={disabled}>{children}</Button>
    : <Button {...shared} href={href}>{children}</Button>;
}
