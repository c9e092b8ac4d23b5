/** Sentences the route docs of several areas share (English, as the OpenAPI document is). */

/** The tag of the installation's own routes (version, health, this document). */
export const SYSTEM = "system";

export const ADMIN = "Admins of the company only.";
export const SUPER = "The super user only.";
export const ATTACH = "Attaches one file (multipart `file`), replacing the one before.";
