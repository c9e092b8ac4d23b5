/** /helps (core §2): the help videos, for everyone signed in. */
import type { Hono } from "hono";
import type { AppEnv } from "../../lib/http/env.ts";
import { listAllHelps } from "../../services/helps/helps.ts";
import HelpVideos from "../../islands/HelpVideos.tsx";
import type { WebDeps } from "../deps.ts";
import { privatePages } from "./_private.tsx";

export function helpsPages(deps: WebDeps): Hono<AppEnv> {
  return privatePages(deps, {
    "/helps": () => ({
      titleKey: "helps.title",
      extraI18nGroups: ["helps"],
      render: async () => {
        const helps = await listAllHelps(deps.db);
        return (
          <HelpVideos
            helps={helps.map(({ id, title, video, description }) => ({
              id,
              title,
              video,
              description,
            }))}
          />
        );
      },
    }),
  });
}
