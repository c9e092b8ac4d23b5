// Starts the interactive reference on /api/docs (routes/api/openapi/routes.ts) with this
// installation's own document; Swagger UI is served from this site, no CDN.
globalThis.SwaggerUIBundle({
  url: "/api/openapi.json",
  dom_id: "#reference",
  deepLinking: true,
  docExpansion: "none",
  filter: true,
});
