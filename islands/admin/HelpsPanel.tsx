/**
 * The super user's Help tab (admin §2): the help video form and table. A pasted YouTube
 * link is accepted as it is; the server keeps only the video id.
 */
import type { Help } from "../../services/helps/helps.ts";
import { youtubeVideoId } from "../../services/helps/youtube.ts";
import { useT } from "../../lib/i18n/client.ts";
import { Input } from "../../components/ui/Input.tsx";
import type { TableColumn } from "../../components/ui/Table.tsx";
import { RecordFormCard } from "../../components/admin/RecordFormCard.tsx";
import { RecordTable } from "../../components/admin/RecordTable.tsx";
import type { FieldErrors } from "./save_errors.ts";
import { useRecordForm } from "./use_record_form.ts";
import { useRecords } from "./use_records.ts";
import { fieldText } from "../../lib/ui/field_errors.ts";
import { REQUIRED } from "../../lib/http/field_errors.ts";

type HelpValues = Pick<Help, "title" | "video" | "description">;

const BLANK: HelpValues = { title: "", video: "", description: "" };

export function HelpsPanel() {
  const t = useT();
  const records = useRecords<Help>("/api/helps", "helps");
  const form = useRecordForm<Help, HelpValues>({
    path: "/api/helps",
    records,
    blank: BLANK,
    toValues: ({ title, video, description }) => ({ title, video, description }),
    toBody: (values) => ({
      title: values.title.trim(),
      video: values.video.trim(),
      description: values.description.trim(),
    }),
    saveErrorKey: "admin.helps.saveError",
    check(values) {
      const errors: FieldErrors = {};
      if (!values.title.trim()) errors.title = fieldText(REQUIRED, t);
      if (!values.video.trim()) errors.video = fieldText(REQUIRED, t);
      else if (!youtubeVideoId(values.video)) {
        errors.video = fieldText({ code: "ERR_INVALID_VIDEO" }, t);
      }
      return errors;
    },
  });
  const { values, errors, setField } = form;

  const columns: TableColumn<Help>[] = [
    { key: "title", label: t("admin.helps.title"), cell: (help) => help.title },
    {
      key: "video",
      label: t("admin.helps.video"),
      cell: (help) => <code class="font-mono text-[13px] text-fg-muted">{help.video}</code>,
    },
    {
      key: "description",
      label: t("admin.helps.description"),
      hideOnMobile: true,
      cell: (help) => <span class="line-clamp-2 text-fg-muted">{help.description}</span>,
    },
  ];

  return (
    <div class="flex flex-col gap-6">
      <RecordFormCard
        idBase="help"
        form={form}
        newTitle={t("admin.helps.newTitle")}
        editTitle={t("admin.helps.editTitle")}
        nameOf={(help) => help.title}
      >
        <Input
          id="help-title"
          label={t("admin.helps.title")}
          required
          maxLength={200}
          value={values.title}
          error={errors.title}
          onInput={(e) => setField("title", e.currentTarget.value)}
        />
        <Input
          id="help-video"
          label={t("admin.helps.video")}
          hint={t("admin.helps.videoHint")}
          required
          maxLength={500}
          value={values.video}
          error={errors.video}
          onInput={(e) => setField("video", e.currentTarget.value)}
        />
        <Input
          id="help-description"
          label={t("admin.helps.description")}
          class="flex flex-col gap-1.5 sm:col-span-2"
          maxLength={2000}
          value={values.description}
          error={errors.description}
          onInput={(e) => setField("description", e.currentTarget.value)}
        />
      </RecordFormCard>
      <RecordTable
        idBase="helps"
        title={t("admin.helps.listTitle")}
        records={records}
        columns={columns}
        nameOf={(help) => help.title}
        editingId={form.editing?.id}
        onEdit={form.edit}
      />
    </div>
  );
}
