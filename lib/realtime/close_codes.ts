/**
 * The close codes the hub sends, shared with the browser client (no server code here, so the
 * client bundle can import it). 4000–4999 are the range WebSocket leaves to applications.
 */

/** The socket missed two heartbeats; the client reconnects. */
export const CLOSE_PING_TIMEOUT = 4000;

/**
 * The socket's session ended: its token expired, or a re-check (password changed, user
 * deleted or demoted, company blocked or expired, sign-out) found it no longer signed in.
 * The client renews its session and reconnects, or signs out when the renewal is refused.
 */
export const CLOSE_SESSION_EXPIRED = 4001;
