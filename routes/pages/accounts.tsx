/**
 * The accounts' public pages (core §2, admin §2): /login, /signup and /forgetpsw, rendered on the
 * server with the forms as islands. A signed-in visitor has nothing to do here and is sent
 * to "/" (302).
 */
import { type Context, Hono } from "hono";
import type { VNode } from "preact";
import { FormCard, PublicLayout } from "../../components/public/PublicLayout.tsx";
import ForgotPasswordForm from "../../islands/ForgotPasswordForm.tsx";
import LoginForm from "../../islands/LoginForm.tsx";
import SignupForm from "../../islands/SignupForm.tsx";
import type { AppEnv } from "../../lib/http/env.ts";
import { i18nClientData } from "../../lib/i18n/mod.ts";
import { VERSION } from "../../lib/version.ts";
import { safeNextPath } from "../../services/accounts/account_rules.ts";
import { RESET_CODE_MINUTES } from "../../services/accounts/password_reset.ts";
import { listPublicPlans } from "../../services/accounts/signup.ts";
import { respondWithPage } from "./_render.ts";
import type { WebDeps } from "../deps.ts";
import { pageSession } from "./_session.ts";
import { type Visitor, visitorOf } from "./_visitor.ts";

/** The islands here translate `public.*` keys in the browser too. */
function respond(c: Context<AppEnv>, visitor: Visitor, page: VNode) {
  return respondWithPage(c, page, {
    clientData: { i18n: i18nClientData(visitor.lang, ["public"]) },
  });
}

function LinkLine({ text, href, label }: { text: string; href: string; label: string }) {
  return (
    <p class="mt-6 text-center text-sm text-fg-muted">
      {text}{" "}
      <a
        href={href}
        class="rounded font-medium text-brand-700 hover:underline dark:text-brand-300"
      >
        {label}
      </a>
    </p>
  );
}

export function accountsPages(deps: WebDeps): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();

  // Signed-in visitors go home; the session check may also renew an expired access cookie.
  routes.use("/login", redirectSignedIn);
  routes.use("/signup", redirectSignedIn);
  routes.use("/forgetpsw", redirectSignedIn);

  async function redirectSignedIn(c: Context<AppEnv>, next: () => Promise<void>) {
    if (await pageSession(c, deps)) return c.redirect("/", 302);
    await next();
  }

  routes.get("/login", async (c) => {
    const visitor = await visitorOf(c);
    const { t } = visitor;
    // Only a path on this site: an open redirect would make /login a phishing helper.
    const next = safeNextPath(c.req.query("next"));
    return respond(
      c,
      visitor,
      <PublicLayout {...visitor} version={VERSION} title={t("public.login.title")}>
        <FormCard heading={t("public.login.heading")} subtitle={t("public.login.subtitle")}>
          <LoginForm next={next} />
        </FormCard>
        <LinkLine
          text={t("public.login.noAccount")}
          href="/signup"
          label={t("public.login.signup")}
        />
      </PublicLayout>,
    );
  });

  routes.get("/signup", async (c) => {
    // The original page accepted ?companyId= (a partner's link) and the spec keeps it, but
    // a new company's tenant is the company being created: an id from the URL must decide
    // nothing (DESIGN §2), so the parameter is accepted and ignored.
    const visitor = await visitorOf(c);
    const { t } = visitor;
    const plans = await listPublicPlans(deps.db);
    return respond(
      c,
      visitor,
      <PublicLayout {...visitor} version={VERSION} title={t("public.signup.title")} wide>
        <FormCard heading={t("public.signup.heading")} subtitle={t("public.signup.subtitle")}>
          <SignupForm plans={plans} />
        </FormCard>
        <LinkLine
          text={t("public.signup.haveAccount")}
          href="/login"
          label={t("public.signup.login")}
        />
      </PublicLayout>,
    );
  });

  routes.get("/forgetpsw", async (c) => {
    const visitor = await visitorOf(c);
    const { t } = visitor;
    const email = (c.req.query("email") ?? "").trim().slice(0, 254);
    return respond(
      c,
      visitor,
      <PublicLayout {...visitor} version={VERSION} title={t("public.forgot.title")}>
        <ForgotPasswordForm initialEmail={email} codeMinutes={RESET_CODE_MINUTES} />
        <p class="mt-6 text-center text-sm">
          <a
            href="/login"
            class="rounded font-medium text-brand-700 hover:underline dark:text-brand-300"
          >
            {t("public.layout.backToLogin")}
          </a>
        </p>
      </PublicLayout>,
    );
  });

  return routes;
}
