/**
 * The WhatsApp Web simulator's public face: start one, drive its phones and customers.
 * See README.md beside this file.
 */
export { type StreamErrorKind, WhatsappServer, type WhatsappServerOptions } from "./server.ts";
export { SIMULATOR_CA_FILE } from "./media_host.ts";
export type { ReceivedMessage } from "./messaging.ts";
export { Customer, type CustomerContent, type CustomerMedia, textOf } from "./customer.ts";
