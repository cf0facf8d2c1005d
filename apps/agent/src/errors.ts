/**
 * A refusal or failure the agent answers with a status and a stable code the driver maps to its own errors
 * (docs/decisions/055-web-node-agent.md): `retryable` says whether the same call may succeed later.
 */
export class AgentError extends Error {
  readonly status: number;
  readonly code: string;
  readonly retryable: boolean;
  constructor(options: { status: number; code: string; message: string; retryable?: boolean; cause?: unknown }) {
    super(options.message, { cause: options.cause });
    this.name = 'AgentError';
    this.status = options.status;
    this.code = options.code;
    this.retryable = options.retryable ?? options.status >= 500;
  }
}
