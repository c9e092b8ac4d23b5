import assert from "node:assert/strict";
import { loadConfig } from "./config.ts";

Deno.test("config - defaults come from the README's table", () => {
  const config = loadConfig({});
  assert.equal(config.port, 8000);
  assert.equal(config.dataDir, "./data");
  assert.equal(config.databaseUrl, undefined);
  assert.equal(config.jwtSecret, undefined, "no fixed secret: it is generated on first start");
  assert.equal(config.publicUrl, "http://localhost:8000");
});

Deno.test("config - values are read and blanks count as unset", () => {
  const config = loadConfig({
    PORT: "9000",
    DATABASE_URL: "postgres://u@db:5432/balcao",
    PUBLIC_URL: "",
    SMTP_URL: "smtp://mail:25",
  });
  assert.equal(config.port, 9000);
  assert.equal(config.databaseUrl, "postgres://u@db:5432/balcao");
  assert.equal(config.publicUrl, "http://localhost:9000");
  assert.equal(config.smtpUrl, "smtp://mail:25");
});

Deno.test("config - bad values are refused with each variable named", () => {
  assert.throws(
    () => loadConfig({ PORT: "eighty", ADMIN_EMAIL: "not-an-email", JWT_SECRET: "short" }),
    (err: Error) =>
      /PORT/.test(err.message) && /ADMIN_EMAIL/.test(err.message) &&
      /JWT_SECRET/.test(err.message),
  );
});

Deno.test("config - CORS_ORIGINS: off by default, a list of bare origins when set", () => {
  assert.deepEqual(loadConfig({}).corsOrigins, [], "no CORS unless asked for");
  const config = loadConfig({
    CORS_ORIGINS: " https://front.example.com , http://localhost:5173/,https://FRONT.example.com",
  });
  assert.deepEqual(config.corsOrigins, ["https://front.example.com", "http://localhost:5173"]);
  for (const bad of ["front.example.com", "https://a.example/app", "*", "ftp://a.example"]) {
    assert.throws(
      () => loadConfig({ CORS_ORIGINS: `https://ok.example,${bad}` }),
      (err: Error) => /CORS_ORIGINS/.test(err.message),
      bad,
    );
  }
});

Deno.test("config - MEDIA_S3_URL: a bad address is refused without echoing its secret", () => {
  assert.equal(loadConfig({}).mediaS3, undefined);
  assert.equal(
    loadConfig({ MEDIA_S3_URL: "https://KEY:SECRET@s3.example.com/media" }).mediaS3?.bucket,
    "media",
  );
  assert.throws(
    () => loadConfig({ MEDIA_S3_URL: "https://KEY:TOPSECRET@s3.example.com/" }),
    (err: Error) => /MEDIA_S3_URL/.test(err.message) && !err.message.includes("TOPSECRET"),
  );
});

Deno.test("config - WA_ROOT_PUBLIC_KEY: only with a WhatsApp socket on this machine", () => {
  const key = "AB".repeat(32);
  assert.equal(loadConfig({}).waRootPublicKey, undefined);
  for (const local of ["ws://127.0.0.1:7000/ws/chat", "ws://localhost:1/ws", "ws://[::1]:9/ws"]) {
    const config = loadConfig({ WA_WEBSOCKET_URL: local, WA_ROOT_PUBLIC_KEY: key });
    assert.equal(config.waRootPublicKey, "ab".repeat(32), local);
  }
  for (
    const remote of [
      undefined,
      "wss://web.whatsapp.com/ws/chat",
      "ws://10.0.0.5/ws",
      "ws://127.example/ws",
    ]
  ) {
    assert.throws(
      () => loadConfig({ WA_WEBSOCKET_URL: remote, WA_ROOT_PUBLIC_KEY: key }),
      (err: Error) => /WA_ROOT_PUBLIC_KEY/.test(err.message),
      String(remote),
    );
  }
  assert.throws(
    () => loadConfig({ WA_WEBSOCKET_URL: "ws://127.0.0.1:1/ws", WA_ROOT_PUBLIC_KEY: "abc" }),
    (err: Error) => /WA_ROOT_PUBLIC_KEY/.test(err.message),
  );
});
