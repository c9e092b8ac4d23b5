/** Signs in from inside a browser page, as the login page does: the browser keeps the cookies. */
import type { Page } from "puppeteer-core";

/** Answers the login's HTTP status. The page must already be on the app's origin. */
export async function signInFromPage(page: Page, email: string, password: string) {
  return await page.evaluate(async (body) => {
    const res = await fetch("/api/auth/login", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body,
    });
    return res.status;
  }, JSON.stringify({ email, password }));
}
