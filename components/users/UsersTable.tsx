/**
 * The users table (core §2 "/users"): name with the online dot, e-mail, profile, queues as
 * chips in their colours, and the edit and delete actions. On phones the e-mail moves under
 * the name and the queues column is left out, so nothing scrolls sideways.
 */
import type { ComponentChildren } from "preact";
import type { TFunction } from "../../lib/i18n/languages.ts";
import type { UserView } from "../../services/users/user_view.ts";
import { RowActions } from "../lists/RowActions.tsx";
import { Badge } from "../ui/Badge.tsx";
import { cx } from "../ui/cx.ts";
import { Table, type TableColumn } from "../ui/Table.tsx";
import { QueueChip } from "./QueueChip.tsx";

export interface UsersTableProps {
  users: UserView[];
  /** The signed-in user: their own row cannot be deleted. */
  currentUserId: number;
  t: TFunction;
  onEdit: (user: UserView) => void;
  onDelete: (user: UserView) => void;
  empty?: ComponentChildren;
}

function OnlineDot({ online, t }: { online: boolean; t: TFunction }) {
  return (
    <span
      class={cx(
        "inline-block size-2.5 shrink-0 rounded-full ring-2 ring-surface",
        online ? "bg-emerald-500" : "bg-fg-subtle/50",
      )}
      role="img"
      aria-label={online ? t("users.online") : t("users.offline")}
      title={online ? t("users.online") : t("users.offline")}
    />
  );
}

function ProfileBadges({ user, t }: { user: UserView; t: TFunction }) {
  return (
    <div class="flex flex-wrap gap-1.5">
      <Badge tone={user.profile === "admin" ? "brand" : "neutral"}>
        {t(`users.profiles.${user.profile}`)}
      </Badge>
      {user.super && <Badge tone="warning">{t("users.super")}</Badge>}
    </div>
  );
}

/** On phones this cell also carries the e-mail and the profile, whose columns are hidden. */
function NameCell({ user, self, t }: { user: UserView; self: boolean; t: TFunction }) {
  return (
    <div class="flex min-w-0 items-start gap-3 sm:items-center">
      <OnlineDot online={user.online} t={t} />
      <div class="min-w-0">
        <p class="font-medium text-fg">
          {user.name}
          {self && <span class="ml-1.5 font-normal text-fg-subtle">({t("users.you")})</span>}
        </p>
        <div class="mt-0.5 flex flex-col items-start gap-1.5 sm:hidden">
          <p class="break-all text-[13px] text-fg-muted">{user.email}</p>
          <ProfileBadges user={user} t={t} />
        </div>
      </div>
    </div>
  );
}

function QueuesCell({ user, t }: { user: UserView; t: TFunction }) {
  if (user.queues.length === 0) {
    return <span class="text-[13px] text-fg-subtle">{t("users.noQueues")}</span>;
  }
  return (
    <div class="flex flex-wrap gap-1.5">
      {user.queues.map((queue) => <QueueChip key={queue.id} queue={queue} />)}
    </div>
  );
}

export function UsersTable(
  { users, currentUserId, t, onEdit, onDelete, empty }: UsersTableProps,
) {
  const columns: TableColumn<UserView>[] = [
    {
      key: "name",
      label: t("users.columns.name"),
      cell: (user) => <NameCell user={user} self={user.id === currentUserId} t={t} />,
    },
    {
      key: "email",
      label: t("users.columns.email"),
      hideOnMobile: true,
      cell: (user) => <span class="break-all text-fg-muted">{user.email}</span>,
    },
    {
      key: "profile",
      label: t("users.columns.profile"),
      hideOnMobile: true,
      cell: (user) => <ProfileBadges user={user} t={t} />,
    },
    {
      key: "queues",
      label: t("users.columns.queues"),
      hideOnMobile: true,
      cell: (user) => <QueuesCell user={user} t={t} />,
    },
    {
      key: "actions",
      label: t("users.columns.actions"),
      align: "end",
      cell: (user) => {
        const undeletable = user.id === currentUserId || user.super;
        return (
          <RowActions
            editName={t("users.edit", { name: user.name })}
            deleteName={t("users.delete", { name: user.name })}
            deleteRefusal={undeletable
              ? t(user.super ? "errors.ERR_CANNOT_DELETE_SUPER" : "errors.ERR_CANNOT_DELETE_SELF")
              : undefined}
            onEdit={() => onEdit(user)}
            onDelete={() => onDelete(user)}
          />
        );
      },
    },
  ];
  return (
    <Table
      columns={columns}
      rows={users}
      rowKey={(user) => user.id}
      caption={t("users.tableCaption")}
      empty={empty}
      class="rounded-none border-0"
    />
  );
}
