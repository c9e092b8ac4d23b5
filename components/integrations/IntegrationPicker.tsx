/** Which queue integration answers a queue's or a connection's customers ("none" by default). */
import { Select } from "../ui/Select.tsx";
import type { IntegrationRow } from "./types.ts";

export interface IntegrationPickerProps {
  id: string;
  label: string;
  noneLabel: string;
  /** Shown when `choices` is null (a plan without integrations). */
  unavailableHint: string;
  choices: Pick<IntegrationRow, "id" | "name">[] | null;
  /** The chosen id, "" for none. */
  value: string;
  error?: string;
  onChange: (value: string) => void;
}

export function IntegrationPicker(props: IntegrationPickerProps) {
  const { choices, value } = props;
  return (
    <Select
      id={props.id}
      label={props.label}
      value={choices ? value : ""}
      placeholder={props.noneLabel}
      options={(choices ?? []).map((choice) => ({ value: String(choice.id), label: choice.name }))}
      disabled={choices === null}
      hint={choices === null ? props.unavailableHint : undefined}
      error={props.error}
      onChange={(event) => props.onChange((event.currentTarget as HTMLSelectElement).value)}
    />
  );
}
