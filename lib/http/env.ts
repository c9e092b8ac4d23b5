/** The typed per-request variables every middleware and route may read. */
export interface AppVariables {
  requestId: string;
  /** Nonce for this response's inline scripts (see security.ts). */
  nonce: string;
}

export interface AppEnv {
  Variables: AppVariables;
}
