/**
 * The frame of a searchable list page: search and "add" on top, then a scrolling area whose
 * end asks for the next page (admin §9: within 100 px), with a note while a page loads.
 */
import type { ComponentChildren } from "preact";
import { nearEnd } from "../../lib/client/paged_list.ts";
import { PlusIcon } from "../icons.tsx";
import { Button } from "../ui/Button.tsx";
import { SearchBox } from "./SearchBox.tsx";

export interface ListLayoutProps {
  search: string;
  onSearch: (value: string) => void;
  searchLabel: string;
  searchPlaceholder: string;
  addLabel: string;
  onAdd: () => void;
  onNearEnd: () => void;
  /** Shown under the rows while a further page loads. */
  loadingMore?: string;
  scrollTestId?: string;
  children: ComponentChildren;
}

export function ListLayout(props: ListLayoutProps) {
  return (
    <div class="flex flex-col gap-4">
      <div class="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <SearchBox
          value={props.search}
          label={props.searchLabel}
          placeholder={props.searchPlaceholder}
          onInput={props.onSearch}
          class="sm:w-80"
        />
        <Button onClick={props.onAdd}>
          <PlusIcon size={18} />
          {props.addLabel}
        </Button>
      </div>
      <div
        class="max-h-[calc(100dvh-14rem)] min-h-64 overflow-y-auto rounded-(--radius-card)"
        onScroll={(event) => nearEnd(event.currentTarget) && props.onNearEnd()}
        data-testid={props.scrollTestId}
      >
        {props.children}
        {props.loadingMore && (
          <p class="py-3 text-center text-[13px] text-fg-muted">{props.loadingMore}</p>
        )}
      </div>
    </div>
  );
}
