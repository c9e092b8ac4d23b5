import assert from "node:assert/strict";
import { YOUTUBE_EMBED_ORIGIN, youtubeEmbedUrl, youtubeVideoId } from "./youtube.ts";

Deno.test("youtubeVideoId() finds the id in a bare id and in the usual links", () => {
  const id = "dQw4w9WgXcQ";
  for (
    const input of [
      id,
      `  ${id}  `,
      `https://www.youtube.com/watch?v=${id}`,
      `https://www.youtube.com/watch?feature=share&v=${id}&t=42s`,
      `http://youtube.com/watch?v=${id}`,
      `youtube.com/watch?v=${id}`,
      `https://m.youtube.com/watch?v=${id}`,
      `https://youtu.be/${id}`,
      `https://youtu.be/${id}?si=abc&t=10`,
      `https://www.youtube.com/embed/${id}`,
      `https://www.youtube-nocookie.com/embed/${id}?rel=0`,
      `https://www.youtube.com/shorts/${id}`,
      `https://www.youtube.com/live/${id}?feature=share`,
    ]
  ) {
    assert.equal(youtubeVideoId(input), id, input);
  }
});

Deno.test("youtubeVideoId() refuses what names no YouTube video", () => {
  for (
    const input of [
      "",
      "short",
      "dQw4w9WgXcQQ", // 12 characters
      "dQw4w9WgXc!",
      "https://vimeo.com/123456789",
      "https://evil.example/watch?v=dQw4w9WgXcQ",
      "https://youtube.com.evil.example/watch?v=dQw4w9WgXcQ",
      "https://www.youtube.com/watch?v=bad",
      "https://www.youtube.com/channel/UCabcdefghij",
      "javascript:alert(1)",
      "ftp://youtube.com/watch?v=dQw4w9WgXcQ",
    ]
  ) {
    assert.equal(youtubeVideoId(input), null, input);
  }
});

Deno.test("youtubeEmbedUrl() points at the no-cookie player, autoplaying on request", () => {
  assert.equal(
    youtubeEmbedUrl("dQw4w9WgXcQ"),
    "https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?rel=0",
  );
  assert.ok(youtubeEmbedUrl("dQw4w9WgXcQ", { autoplay: true }).includes("autoplay=1"));
  assert.ok(youtubeEmbedUrl("x").startsWith(`${YOUTUBE_EMBED_ORIGIN}/embed/`));
});
