/**
 * The integrators' message API (admin §7): who a token is, sending from its connection, and
 * a sent message's acks.
 */
export { bearerToken, connectionOfToken } from "./connection.ts";
export { apiMessageStatus, sendFromApi } from "./send.ts";
