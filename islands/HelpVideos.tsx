/**
 * The /helps page (admin §2 "Help page"): the help videos as a grid of cards, with their
 * count in the heading. A card opens the video in a modal, playing in YouTube's no-cookie
 * player; Escape (or ×) closes it, and the player is removed so the sound stops with it.
 */
import { useState } from "preact/hooks";
import { Dialog } from "../components/ui/Dialog.tsx";
import { EmptyState } from "../components/ui/EmptyState.tsx";
import { useT } from "../lib/i18n/client.ts";
import { useModal } from "../lib/client/modal.ts";
import { youtubeEmbedUrl } from "../services/helps/youtube.ts";

export interface HelpVideo {
  id: number;
  title: string;
  video: string;
  description: string;
}

export interface HelpVideosProps {
  helps: HelpVideo[];
}

const PLAYER_ID = "help-player";

export default function HelpVideos({ helps }: HelpVideosProps) {
  const t = useT();
  const [playing, setPlaying] = useState<HelpVideo | null>(null);
  useModal(PLAYER_ID, () => setPlaying(null), playing !== null);

  return (
    <section class="flex flex-col gap-5" aria-labelledby="helps-heading">
      <header>
        <h1 id="helps-heading" class="text-xl font-semibold text-fg">
          {t("helps.heading", { count: helps.length })}
        </h1>
        <p class="mt-1 text-sm text-fg-muted">{t("helps.intro")}</p>
      </header>
      {helps.length === 0
        ? (
          <div class="rounded-(--radius-card) border border-line bg-surface">
            <EmptyState title={t("helps.empty")} text={t("helps.emptyHint")} />
          </div>
        )
        : (
          <ul class="grid gap-4 sm:grid-cols-2 lg:grid-cols-3 2xl:grid-cols-4">
            {helps.map((help) => (
              <li key={help.id}>
                <HelpCard help={help} onOpen={() => setPlaying(help)} />
              </li>
            ))}
          </ul>
        )}
      <Dialog
        id={PLAYER_ID}
        size="lg"
        title={playing?.title ?? ""}
        description={playing?.description || undefined}
        closeLabel={t("common.close")}
      >
        {playing && (
          <iframe
            src={youtubeEmbedUrl(playing.video, { autoplay: true })}
            title={t("helps.player", { title: playing.title })}
            allow="accelerometer; autoplay; clipboard-write; encrypted-media; gyroscope; picture-in-picture"
            allowFullScreen
            referrerpolicy="strict-origin-when-cross-origin"
            class="aspect-video w-full rounded-lg border-0 bg-black"
          />
        )}
      </Dialog>
    </section>
  );
}

function HelpCard({ help, onOpen }: { help: HelpVideo; onOpen: () => void }) {
  const t = useT();
  return (
    <button
      type="button"
      onClick={onOpen}
      aria-label={t("helps.watch", { title: help.title })}
      class="group flex h-full w-full flex-col overflow-hidden rounded-(--radius-card) border border-line bg-surface text-left shadow-(--shadow-card) transition hover:-translate-y-0.5 hover:border-brand-300 hover:shadow-(--shadow-pop) dark:hover:border-brand-700"
    >
      <span class="relative grid aspect-video w-full place-items-center bg-linear-to-br from-brand-700 via-brand-800 to-brand-950">
        <span class="grid size-14 place-items-center rounded-full bg-white/90 text-brand-800 shadow-lg transition group-hover:scale-110">
          <svg viewBox="0 0 24 24" width="26" height="26" aria-hidden="true" fill="currentColor">
            <path d="M8 5.5v13a1 1 0 0 0 1.52.85l10.4-6.5a1 1 0 0 0 0-1.7L9.52 4.65A1 1 0 0 0 8 5.5Z" />
          </svg>
        </span>
      </span>
      <span class="flex flex-1 flex-col gap-1 p-4">
        <span class="font-semibold text-fg">{help.title}</span>
        {help.description && (
          <span class="line-clamp-3 text-sm text-fg-muted">{help.description}</span>
        )}
      </span>
    </button>
  );
}
